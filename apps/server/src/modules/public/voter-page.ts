// The page the server sends for voter addresses: the voter build's voter.html (apps/web/vite.voter.config.ts,
// Preact), and for a /vote/type/{link} of an open vote type, the same page with the ballot written into it,
// so a phone shows the first question without asking for it (issue 29, decision 0053).
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicVoteTypeView } from '@kaoping/contracts/public-vote-types';
import type { Db } from '../../db/client';
import { getVoteTypeView } from './public-ballot.service';

/** The addresses the voter build draws (public/voter-app.tsx); every other page is the admin app's. */
export const isVoterPath = (url: string) =>
  url === '/' || url === '/home' || url === '/vote' || url.startsWith('/vote/');

/** The link of a /vote/type/{link} address, decoded; null for any other address. */
function linkOf(url: string): string | null {
  const match = /^\/vote\/type\/([^/]{1,300})\/?$/.exec(url);
  if (!match) return null;
  try {
    const link = decodeURIComponent(match[1]!);
    return link.length <= 100 ? link : null;
  } catch {
    return null;
  }
}

/**
 * The view as a script element the browser never runs (type application/json: CSP does not apply, nothing
 * executes) and the page parses. `<`, `>`, `&` and U+2028/U+2029 are written as \u escapes, which JSON
 * reads back unchanged: no text of the ballot (a target's name, a poll's wording) can close the element.
 */
export function ballotScript(view: PublicVoteTypeView) {
  const json = JSON.stringify(view).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="kp-ballot">${json}</script>`;
}

/** The encoding the client takes, best first: brotli, gzip, or none (`br;q=0` refuses brotli). */
function encodingFor(request: FastifyRequest): 'br' | 'gzip' | null {
  const header = request.headers['accept-encoding'];
  const accepted = new Set(
    (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

interface Rendered {
  json: string;
  html: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** Links whose page was drawn last, with their compressed copies: a hall's phones get the same bytes. */
const KEPT_PAGES = 500;
/** Views read for pages at once; beyond it a page goes out without its ballot (the page asks the API). */
const MAX_READS = 8;

export interface VoterPages {
  send(request: FastifyRequest, reply: FastifyReply, url: string): Promise<FastifyReply>;
}

interface Template {
  /** voter.html's modification time and size when read: a new build (a release) is read again. */
  stamp: string;
  text: string;
  head: number;
  body: number;
  /** The files of each family's forms (written by the voter build). */
  families: Record<string, string[]>;
}

/** A file's modification time and size, or null when it is not there. */
function stampOf(file: string): string | null {
  try {
    const stat = statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return null;
  }
}

function readTemplate(root: string): Template | null {
  const file = path.join(root, 'voter.html');
  const stamp = stampOf(file);
  if (stamp === null) return null;
  const text = readFileSync(file, 'utf8');
  const familiesFile = path.join(root, '.vite', 'voter-families.json');
  let families: Record<string, string[]> = {};
  try {
    if (existsSync(familiesFile))
      families = JSON.parse(readFileSync(familiesFile, 'utf8')) as typeof families;
  } catch {
    // Being written by a build: the page goes without the preloads until it is read again.
  }
  return { stamp, text, head: text.indexOf('</head>'), body: text.lastIndexOf('</body>'), families };
}

/** The voter pages of the web build at `root`; null when the build has none (then index.html serves all). */
export function voterPages(root: string, db: Db): VoterPages | null {
  let template = readTemplate(root);
  if (!template) return null;
  const kept = new Map<string, Rendered>();

  /** The page as the build on disk has it now (read again after a release replaced it). */
  function current(): Template | null {
    const stamp = stampOf(path.join(root, 'voter.html'));
    if (stamp === null) return null;
    if (stamp !== template?.stamp) {
      template = readTemplate(root);
      kept.clear();
    }
    // A page without both places to write into is sent as it is (the page then asks the API).
    return template && template.head >= 0 && template.body > template.head ? template : null;
  }

  /** The family's forms fetched with the entry (the page would ask for them only after it ran). */
  const preloads = (t: Template, family: string) =>
    (t.families[family] ?? [])
      .map((f) =>
        f.endsWith('.css')
          ? `<link rel="stylesheet" crossorigin href="/${f}">`
          : `<link rel="modulepreload" crossorigin href="/${f}">`,
      )
      .join('');

  function render(t: Template, link: string, view: PublicVoteTypeView): Rendered {
    const script = ballotScript(view);
    const last = kept.get(link);
    if (last?.json === script) return last;
    const html = Buffer.from(
      t.text.slice(0, t.head) +
        preloads(t, view.vote_type.form_category) +
        t.text.slice(t.head, t.body) +
        script +
        t.text.slice(t.body),
    );
    const rendered = { json: script, html };
    kept.delete(link);
    if (kept.size >= KEPT_PAGES) kept.delete(kept.keys().next().value!);
    kept.set(link, rendered);
    return rendered;
  }

  function encoded(page: Rendered, encoding: 'br' | 'gzip') {
    if (encoding === 'br')
      return (page.br ??= brotliCompressSync(page.html, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 9,
          [constants.BROTLI_PARAM_SIZE_HINT]: page.html.length,
        },
      }));
    return (page.gzip ??= gzipSync(page.html, { level: 9 }));
  }

  // One read per link at a time, shared by the phones that open it together, and a few at most.
  const reading = new Map<string, Promise<PublicVoteTypeView | null>>();
  function openView(request: FastifyRequest, link: string): Promise<PublicVoteTypeView | null> {
    const shared = reading.get(link);
    if (shared) return shared;
    if (reading.size >= MAX_READS) return Promise.resolve(null);
    const read = getVoteTypeView(db, link).then(
      // Only a ballot the voter can fill in now; a closed, full, switched-off or unknown link gets the page
      // alone, which asks the API and shows why.
      (view) => (view.ready ? view : null),
      (err: unknown) => {
        if ((err as { code?: string }).code !== 'LINK_UNKNOWN') request.log.warn({ err }, 'voter page view');
        return null;
      },
    );
    reading.set(link, read);
    void read.finally(() => reading.delete(link));
    return read;
  }

  return {
    async send(request, reply, url) {
      reply.header('Cache-Control', 'no-cache');
      const link = request.method === 'GET' ? linkOf(url) : null;
      const t = link === null ? null : current();
      const found = link === null || !t ? null : await openView(request, link);
      if (!found || !t) return reply.sendFile('voter.html');
      const page = render(t, link!, found);
      const encoding = encodingFor(request);
      // The ballot of the moment (its status, its 应到人数): never kept by a browser or a proxy.
      reply.header('Cache-Control', 'no-store').header('Vary', 'Accept-Encoding');
      reply.type('text/html; charset=utf-8');
      if (encoding) reply.header('Content-Encoding', encoding);
      return reply.send(encoding ? encoded(page, encoding) : page.html);
    },
  };
}
