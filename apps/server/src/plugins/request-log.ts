import type { FastifyRequest, FastifyServerOptions } from 'fastify';

// The request log (one "incoming request" line per request at info) is read by whoever runs the server,
// with its times. A voter's requests must not put in it what the voter holds (a one-time code, the
// browser's voter id, a receipt id or code) nor the voter's address: the home page promises that no
// address is recorded. So every voter-facing address is logged without its query string and with every
// segment but the known words of the route replaced, and only admin API calls keep the client address
// (who signed in from where is worth knowing after a break-in).

/** Paths a voter's browser asks for: the voter pages and the public API. */
const VOTER_PATH = /^\/(vote|api\/v1\/public)(\/|$)/;
/** The admin API, whose calls keep the client's address. */
const ADMIN_API = /^\/api\/v1\/admin(\/|\?|$)/;
/**
 * The fixed words of the voter pages' and the public API's addresses; any other segment is a value (a
 * link id, a receipt id or code, a meeting token, an id) and is logged as `*`.
 */
const ROUTE_WORDS = new Set([
  'api',
  'v1',
  'public',
  'polls',
  'vote-type',
  'cover',
  'front',
  'back',
  'votes',
  'receipts',
  'company',
  'cadre-poll',
  'targets',
  'evaluation-subjects',
  'stats',
  'meeting',
  'events',
  'vote',
  'type',
  'result',
  'person',
  'cadre',
  'newly_promoted',
]);
export const REDACTED = '*';

/**
 * The address as the log may hold it: a voter path loses its query string and keeps only its route's
 * fixed words (`/vote/type/*`, `/api/v1/public/polls/receipts/*`); any other address is kept whole.
 */
export function loggedUrl(url: string): string {
  const cut = url.search(/[?#]/);
  const pathname = cut === -1 ? url : url.slice(0, cut);
  if (!VOTER_PATH.test(pathname)) return url;
  return pathname
    .split('/')
    .map((seg) => (seg === '' || ROUTE_WORDS.has(seg) ? seg : REDACTED))
    .join('/');
}

/** Fastify's request serializer, less the address of any request but an admin API call. */
function serializeRequest(request: FastifyRequest) {
  const url = request.url ?? '';
  const admin = ADMIN_API.test(url);
  return {
    method: request.method,
    url: loggedUrl(url),
    host: request.host,
    ...(admin ? { remoteAddress: request.ip, remotePort: request.socket?.remotePort } : {}),
  };
}

/**
 * The app's logger options with the request serializer above: whatever options a caller gives (main.ts's
 * level, a test's stream), the request lines are redacted.
 */
export function withRequestRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}
