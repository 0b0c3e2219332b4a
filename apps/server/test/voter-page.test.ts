import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useBallotWorld } from './helpers/ballot-world';
import { PUBLIC, newVoter, submission, submit } from './helpers/ballot-fixtures';
import { createVoteTarget } from './helpers/factories';
import { adminCalls } from './helpers/vote-control';

// Issue 29: voter addresses get the voter build's page (apps/web/vite.voter.config.ts), and an open link's
// page carries its ballot: exactly the API's answer to a voter it knows nothing about, so the phone shows
// the first question without asking. A stand-in build output, as web-app.test.ts uses.
const dist = mkdtempSync(path.join(tmpdir(), 'kaoping-voter-web-'));
mkdirSync(path.join(dist, 'assets'));
mkdirSync(path.join(dist, '.vite'));
const indexHtml =
  '<!doctype html><html><head><title>考评 管理</title></head><body><div id="root"></div></body></html>';
const voterHtml =
  '<!doctype html><html><head><title>考评</title><script type="module" crossorigin src="/assets/voter-1.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
for (const [name, text] of [
  ['index.html', indexHtml],
  ['voter.html', voterHtml],
] as const) {
  writeFileSync(path.join(dist, name), text);
  writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(Buffer.from(text)));
  writeFileSync(path.join(dist, `${name}.gz`), gzipSync(Buffer.from(text)));
}
writeFileSync(
  path.join(dist, '.vite', 'voter-families.json'),
  JSON.stringify({
    democratic_appraisal: ['assets/appraisal-step-1.js', 'assets/appraisal-step-1.css'],
    democratic_evaluation: ['assets/evaluation-step-1.js'],
  }),
);

const w = useBallotWorld({ env: { WEB_DIST: dist } });
const api = () => adminCalls(w.ctx.app, () => w.token);

const BALLOT = /<script type="application\/json" id="kp-ballot">(.*?)<\/script>/s;

/** A page as a phone that takes brotli gets it, decompressed. */
async function page(url: string, encoding = 'gzip, deflate, br') {
  const res = await w.ctx.app.inject({ url, headers: { 'accept-encoding': encoding } });
  const raw = res.rawPayload;
  const enc = res.headers['content-encoding'];
  const html = (enc === 'br' ? brotliDecompressSync(raw) : enc === 'gzip' ? gunzipSync(raw) : raw).toString();
  return { res, html, ballot: BALLOT.exec(html)?.[1] };
}

/** What the API answers for a link, without a voter id or a code. */
async function apiView(link: string) {
  const res = await w.ctx.app.inject({ url: `${PUBLIC}/vote-type/${link}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('an open link', () => {
  it('carries its ballot: the API answer to a voter it knows nothing about, and the family’s forms', async () => {
    for (const [family, forms, other] of [
      ['appraisal', 'appraisal-step-1', 'evaluation-step-1'],
      ['evaluation', 'evaluation-step-1', 'appraisal-step-1'],
    ] as const) {
      const link = w.f[family].link_id;
      const { res, html, ballot } = await page(`/vote/type/${link}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      // The page's rules stand: no inline script runs (the ballot is data, type application/json).
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(ballot, family).toBeDefined();
      const inlined = JSON.parse(ballot!);
      expect(inlined).toEqual(await apiView(link));
      expect(inlined.polls.length).toBeGreaterThan(0);
      expect(inlined.already_voted).toBe(false);
      expect(inlined.code_state).toBeNull();
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="/assets/${forms}.js">`);
      expect(html).not.toContain(other);
      // Written into the build's page: its own script is still there, and only one more script element.
      expect(html).toContain('src="/assets/voter-1.js"');
      expect(html.match(/<script/g)).toHaveLength(2);
      // With a trailing slash, to a client that takes only gzip, and to one that takes nothing.
      const gz = await page(`/vote/type/${link}/`, 'gzip');
      expect(gz.res.headers['content-encoding']).toBe('gzip');
      expect(gz.ballot).toBe(ballot);
      const plain = await page(`/vote/type/${link}`, 'identity');
      expect(plain.res.headers['content-encoding']).toBeUndefined();
      expect(plain.ballot).toBe(ballot);
    }
  });

  it('says nothing about any voter: after a ballot, the page is the same for everyone', async () => {
    const link = w.f.appraisal.link_id;
    const voter = newVoter();
    const sent = await submit(w.ctx.app, submission(w.f, 'appraisal', { voter_identifier: voter }));
    expect(sent.statusCode).toBe(201);
    const theirs = await w.ctx.app.inject({
      url: `${PUBLIC}/vote-type/${link}`,
      headers: { 'x-voter-id': voter },
    });
    expect(theirs.json().already_voted).toBe(true);
    const { ballot } = await page(`/vote/type/${link}`);
    expect(JSON.parse(ballot!)).toEqual(await apiView(link));
    expect(JSON.parse(ballot!).already_voted).toBe(false);
  });

  it('writes a name that could close the script element as \\u escapes, read back unchanged', async () => {
    // Inside the name: a name is trimmed, and U+2028 / U+2029 count as white space.
    const name = '李</script><script>alert(1)</script>\u2028&<!--\u2029四';
    await createVoteTarget(w.ctx.app, w.token, w.f.company.id, { name, title: '副总经理' });
    const { html, ballot } = await page(`/vote/type/${w.f.appraisal.link_id}`);
    expect(html).not.toContain('alert(1)</script>');
    expect(html).not.toMatch(/[\u2028\u2029]/);
    expect(ballot).not.toMatch(/[<>&]/);
    const targets = JSON.parse(ballot!).targets as { name: string }[];
    expect(targets.map((t) => t.name)).toContain(name);
    expect(JSON.parse(ballot!)).toEqual(await apiView(w.f.appraisal.link_id));
  });
});

describe('no ballot in the page', () => {
  it('for an unknown link, a closed one, a switched-off one, or a HEAD request: the page alone, which asks the API', async () => {
    const head = await w.ctx.app.inject({ method: 'HEAD', url: `/vote/type/${w.f.appraisal.link_id}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');

    const unknown = await page('/vote/type/no-such-link');
    expect(unknown.res.statusCode).toBe(200);
    expect(unknown.html).toBe(voterHtml);
    expect(unknown.ballot).toBeUndefined();
    expect(unknown.res.headers['cache-control']).toBe('no-cache');
    expect((await w.ctx.app.inject({ url: `${PUBLIC}/vote-type/no-such-link` })).statusCode).toBe(404);

    expect((await api().close(w.f.appraisal.id)).statusCode).toBe(200);
    const closed = await page(`/vote/type/${w.f.appraisal.link_id}`);
    expect(closed.html).toBe(voterHtml);
    expect((await apiView(w.f.appraisal.link_id)).vote_type.status).toBe('closed');

    expect((await api().update(w.f.evaluation.id, { is_active: false })).statusCode).toBe(200);
    const off = await page(`/vote/type/${w.f.evaluation.link_id}`);
    expect(off.html).toBe(voterHtml);
    expect((await apiView(w.f.evaluation.link_id)).ready).toBe(false);
  });

  it('for a full link (应到人数 reached)', async () => {
    expect((await api().update(w.f.appraisal.id, { expected_voters: 1 })).statusCode).toBe(200);
    expect((await submit(w.ctx.app, submission(w.f, 'appraisal'))).statusCode).toBe(201);
    const full = await page(`/vote/type/${w.f.appraisal.link_id}`);
    expect(full.ballot).toBeUndefined();
    expect((await apiView(w.f.appraisal.link_id)).vote_type.status).toBe('full');
  });
});

it('sends the voter build for voter addresses and the admin app for the rest', async () => {
  for (const url of ['/', '/home', '/vote', '/vote/9999', '/vote/result', '/vote/result/abcdefghijklmnop']) {
    const { res, html } = await page(url);
    expect(res.statusCode, url).toBe(200);
    expect(html, url).toBe(voterHtml);
    expect(res.headers['cache-control'], url).toBe('no-cache');
  }
  for (const url of [
    '/admin',
    '/admin/vote-types?company=1',
    '/login',
    '/register',
    '/meeting/abc',
    '/other',
  ]) {
    const { res, html } = await page(url);
    expect(res.statusCode, url).toBe(200);
    expect(html, url).toBe(indexHtml);
  }
});

it('reads voter.html again when a new build replaced it (a release without a restart)', async () => {
  const released = voterHtml.replace('/assets/voter-1.js', '/assets/voter-22.js');
  writeFileSync(path.join(dist, 'voter.html'), released);
  try {
    const { html, ballot } = await page(`/vote/type/${w.f.appraisal.link_id}`);
    expect(ballot).toBeDefined();
    expect(html).toContain('src="/assets/voter-22.js"');
    expect(html).not.toContain('voter-1.js');
  } finally {
    writeFileSync(path.join(dist, 'voter.html'), voterHtml);
  }
});
