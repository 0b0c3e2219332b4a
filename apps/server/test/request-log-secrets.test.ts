import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { bearer } from './helpers/factories';
import { newVoter, PUBLIC, submission } from './helpers/ballot-fixtures';
import { useBallotWorld } from './helpers/ballot-world';
import { adminCalls, plain } from './helpers/vote-control';

// Issue 26, "Nothing a voter holds travels in a URL": the server's own request log (what an operator
// reads, with its times) never holds a one-time code, a browser's voter id, a receipt id or a receipt
// code, and no public request is logged with the client's address (the home page says 系统不记录您的…IP
// 地址). Admin calls keep theirs: who signed in from where is worth knowing.

const w = useBallotWorld();
const api = () => adminCalls(w.ctx.app, () => w.token);

let logging: App;
let lines: string[] = [];

const VOTER_IP = '198.51.100.23';
const FORWARDED = '203.0.113.77';
const ADMIN_IP = '192.0.2.44';
const fromPhone = { 'x-forwarded-for': FORWARDED, 'user-agent': 'Mozilla/5.0 (iPhone) UniqueAgent/9.9' };

beforeAll(async () => {
  // The built web app's two pages, so /vote/... addresses are answered as in production.
  const web = mkdtempSync(path.join(tmpdir(), 'kp-log-web-'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>考评</title>');
  writeFileSync(path.join(web, 'voter.html'), '<!doctype html><head><title>投票</title></head><body></body>');
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  // A second app on the same database, configured as production is: info level, behind a trusted proxy.
  logging = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      WEB_DIST: web,
      TRUST_PROXY: '198.51.100.0/24',
    }),
    database: w.ctx.database,
    jwtSecret: 'test-secret-test-secret-test-secret-1234',
    logger: { level: 'info', stream },
  });
  await logging.ready();
});
afterAll(() => logging?.close());
beforeEach(async () => {
  expect((await api().update(w.f.appraisal.id, { access_mode: 'codes' })).statusCode).toBe(200);
  lines = [];
});

const asVoter = (method: 'GET' | 'POST', url: string, extra: { payload?: object; headers?: object } = {}) =>
  logging.inject({
    method,
    url,
    payload: extra.payload,
    headers: { ...fromPhone, ...extra.headers },
    remoteAddress: VOTER_IP,
  });

describe('the request log after a voter’s whole journey', () => {
  it('holds no code, voter id, receipt id, receipt code or voter address', async () => {
    const [grouped, other] = await api().codes(w.f.appraisal.id, 2);
    const code = plain(grouped!);
    const voter = newVoter();
    const link = w.f.appraisal.link_id;

    // An old slip's QR (?code= in the query), a new one (#code=, which no browser sends), the early view
    // with the spec's query parameters and the page's headers, and a code that is no code.
    expect((await asVoter('GET', `/vote/type/${link}?code=${grouped}`)).statusCode).toBe(200);
    expect((await asVoter('GET', `/vote/type/${link}`)).statusCode).toBe(200);
    const query = `?voter_identifier=${voter}&code=${code}`;
    expect((await asVoter('GET', `${PUBLIC}/vote-type/${link}${query}`)).statusCode).toBe(200);
    const viewed = await asVoter('GET', `${PUBLIC}/vote-type/${link}`, {
      headers: { 'x-voter-id': voter, 'x-ballot-code': grouped },
    });
    expect(viewed.json()).toMatchObject({ code_state: 'usable' });
    expect((await asVoter('GET', `${PUBLIC}/vote-type/${link}?code=${'X'.repeat(41)}`)).statusCode).toBe(400);

    const cast = await asVoter('POST', `${PUBLIC}/votes/`, {
      payload: submission(w.f, 'appraisal', { code, voter_identifier: voter }),
    });
    expect(cast.statusCode, cast.body).toBe(201);
    const { receipt_id: receiptId, receipt_code: receiptCode } = cast.json<{
      receipt_id: string;
      receipt_code: string;
    }>();
    // A second ballot with the same code is refused: a refusal is no excuse to log either.
    const again = await asVoter('POST', `${PUBLIC}/votes/`, {
      payload: submission(w.f, 'appraisal', { code: other, voter_identifier: voter, ballots: [] }),
    });
    expect(again.statusCode).toBe(422);

    // The receipt by its link and by its code, as the pages and the API are asked.
    expect((await asVoter('GET', `/vote/result/${receiptId}`)).statusCode).toBe(200);
    expect((await asVoter('GET', `${PUBLIC}/votes/${receiptId}`)).statusCode).toBe(200);
    expect((await asVoter('GET', `/vote/result?code=${receiptCode}`)).statusCode).toBe(200);
    expect((await asVoter('GET', `${PUBLIC}/receipts/${receiptCode}`)).statusCode).toBe(200);
    expect((await asVoter('GET', `${PUBLIC}/receipts/${plain(receiptCode)}`)).statusCode).toBe(200);
    expect((await asVoter('GET', `/vote/type/${link}?receipt=${receiptId}`)).statusCode).toBe(200);
    // The unit's page and the meeting screen's public address are voters' requests too.
    expect((await asVoter('GET', '/')).statusCode).toBe(200);

    const log = lines.join('');
    // The journey was logged (one line per request at info), only without its secrets.
    expect(log).toContain('incoming request');
    expect(log).toContain('/vote/type/');
    expect(log).toContain('/vote/result');
    const secrets = {
      code,
      grouped: grouped!,
      other: plain(other!),
      voter,
      receiptId,
      receiptCode,
      receiptCodePlain: plain(receiptCode),
      link,
      VOTER_IP,
      FORWARDED,
      agent: 'UniqueAgent',
    };
    const found = Object.entries(secrets).filter(([, s]) => log.toLowerCase().includes(s.toLowerCase()));
    expect(found.map(([name]) => name)).toEqual([]);
  });

  it('keeps the address of an admin call', async () => {
    const me = await logging.inject({
      method: 'GET',
      url: '/api/v1/admin/auth/me',
      headers: bearer(w.token),
      remoteAddress: ADMIN_IP,
    });
    expect(me.statusCode).toBe(200);
    expect(lines.join('')).toContain(ADMIN_IP);
  });
});

describe('GET /public/polls/vote-type/{linkId}', () => {
  it('documents the X-Voter-Id and X-Ballot-Code headers beside the spec’s query parameters', async () => {
    const doc = (await w.ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      paths: Record<string, { get: { parameters: { in: string; name: string }[] } }>;
    }>();
    const params = doc.paths['/api/v1/public/polls/vote-type/{linkId}']!.get.parameters;
    expect(params.map((p) => `${p.in} ${p.name}`).sort()).toEqual([
      'header x-ballot-code',
      'header x-voter-id',
      'path linkId',
      'query code',
      'query voter_identifier',
    ]);
  });
});
