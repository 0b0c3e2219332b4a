import type { Socket } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { type ErrorCode, errorBody, errorStatus } from '../lib/errors';

/** Seconds an idle keep-alive connection stays open (Node's default; Fastify's own is 72). */
export const KEEP_ALIVE_S = 5;
/** How often Node looks for requests past their time (its default, 30 s, would let one last 40 s). */
const CHECK_EVERY_MS = 1000;
/** Seconds a client waits before trying again once a stopping server has refused it. */
const STOPPING_RETRY_SECONDS = 5;

/** A whole HTTP answer written straight to the socket: Chinese JSON, then the connection closes. */
function rawAnswer(code: ErrorCode): string {
  const body = JSON.stringify(errorBody(code));
  const status = errorStatus(code);
  return (
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\n` +
    `Content-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    `Connection: close\r\n\r\n${body}`
  );
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
};

/** What Node's HTTP parser or its timers refuse, by the error's code. */
function codeOf(err: NodeJS.ErrnoException): ErrorCode {
  switch (err.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 'REQUEST_TIMEOUT';
    case 'HPE_HEADER_OVERFLOW':
      return 'HEADERS_TOO_LARGE';
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return 'PAYLOAD_TOO_LARGE';
    default:
      return 'MALFORMED_REQUEST';
  }
}

/**
 * Node's refusals (the 'clientError' event: a request cut at its time, headers over 16 KB, a request
 * that is not HTTP) in the same Chinese `{ detail, code }` as every other answer, instead of Fastify's
 * English default. A response already started on the socket is not written over.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const started = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage?.headersSent;
  if (socket.writable && !started) socket.write(rawAnswer(codeOf(err)));
  socket.destroy();
}

/**
 * The server's clocks for slow and stalled clients (issue 28): the whole request, headers and body,
 * within BODY_TIMEOUT_S (else 408; Node checks every second), and an idle keep-alive connection closed
 * after KEEP_ALIVE_S. No timeout on a response being computed (an export may take minutes).
 */
export function slowClientOptions(bodyTimeoutS: number): FastifyServerOptions {
  const ms = bodyTimeoutS * 1000;
  return {
    requestTimeout: ms,
    keepAliveTimeout: KEEP_ALIVE_S * 1000,
    connectionTimeout: 0,
    http: {
      headersTimeout: ms,
      connectionsCheckingInterval: CHECK_EVERY_MS,
      // Node answers a request without Host with an empty 400 of its own: the hook below answers it.
      requireHostHeader: false,
    },
    clientErrorHandler,
    // Fastify's 503 while stopping is English: the hook below answers it.
    return503OnClosing: false,
  } as FastifyServerOptions;
}

const send = (res: ServerResponse, code: ErrorCode, headers: Record<string, string> = {}) => {
  const body = JSON.stringify(errorBody(code));
  res.writeHead(errorStatus(code), {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    ...headers,
  });
  res.end(body);
};

/** The refusals Node and Fastify would otherwise answer themselves, in Chinese JSON. */
export default fp(async (app: FastifyInstance) => {
  let stopping = false;

  // `Expect` other than 100-continue: Node answers an empty 417 unless someone listens.
  app.server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
    send(res, 'EXPECTATION_FAILED', { Connection: 'close' });
  });

  app.addHook('preClose', async () => {
    stopping = true;
  });

  app.addHook('onRequest', async (request, reply) => {
    if (stopping) {
      return reply
        .status(errorStatus('SERVER_STOPPING'))
        .header('Connection', 'close')
        .header('Retry-After', String(STOPPING_RETRY_SECONDS))
        .send(errorBody('SERVER_STOPPING'));
    }
    const raw = request.raw;
    if (raw.httpVersion === '1.1' && raw.headers.host === undefined) {
      return reply.status(400).header('Connection', 'close').send(errorBody('MISSING_HOST'));
    }
  });
});
