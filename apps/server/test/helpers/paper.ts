// Calls of issue 16 (paper ballots) for the tests: each answers the raw response, so that a test can
// assert the status and the detail a client sees.
import { sql } from 'drizzle-orm';
import { formatCode } from '@kaoping/contracts/ballot-codes';
import type { BallotEntryInput } from '@kaoping/contracts/public-vote-types';
import type { App } from '../../src/app';
import { type Db, rowsOf } from '../../src/db/client';
import { beforeEach } from 'vitest';
import { createAccount } from './accounts';
import { useBallotWorld, type BallotWorld } from './ballot-world';
import { bearer, login } from './factories';
import { adminCalls } from './vote-control';

const ADMIN = '/api/v1/admin';

export function paperCalls(app: App, voteTypeId: () => number) {
  const at = (rest = '') => `${ADMIN}/vote-types/${voteTypeId()}/paper${rest}`;
  return {
    form: (token: string) => app.inject({ method: 'GET', url: at('/form'), headers: bearer(token) }),
    check: (token: string, key: string) =>
      app.inject({ method: 'GET', url: at(`/sheets/${encodeURIComponent(key)}`), headers: bearer(token) }),
    enter: (token: string, key: string, ballots: BallotEntryInput[]) =>
      app.inject({ method: 'POST', url: at('/sheets'), headers: bearer(token), payload: { key, ballots } }),
    list: (token: string, query = '') =>
      app.inject({ method: 'GET', url: at(`/sheets${query}`), headers: bearer(token) }),
    detail: (token: string, key: string) =>
      app.inject({
        method: 'GET',
        url: at(`/sheets/${encodeURIComponent(key)}/detail`),
        headers: bearer(token),
      }),
    correct: (token: string, key: string, ballots: BallotEntryInput[]) =>
      app.inject({
        method: 'PUT',
        url: at(`/sheets/${encodeURIComponent(key)}`),
        headers: bearer(token),
        payload: { ballots },
      }),
    withdraw: (token: string, key: string) =>
      app.inject({ method: 'DELETE', url: at(`/sheets/${encodeURIComponent(key)}`), headers: bearer(token) }),
    pdf: (token: string, query: string) =>
      app.inject({
        method: 'GET',
        url: `${ADMIN}/vote-types/${voteTypeId()}/paper.pdf${query}`,
        headers: bearer(token),
      }),
  };
}

/** Another account (a system admin), signed in: another person for double entry. Made anew after each reset. */
export async function otherKeyer(app: App, sysToken: string, username: string) {
  return (await createAccount(app, sysToken, { username, role: 'system_admin' })).token;
}

/** Another sign-in of the same account: a second admin session (another sid), the same person. */
export async function newSession(app: App, username = 'admin', password = 'Password123') {
  const res = await login(app, username, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ access_token: string }>().access_token;
}

/** Rows of every table a paper entry may touch, and the code states: a refusal leaves them unchanged. */
export async function paperRows(db: Db) {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`SELECT (SELECT count(*) FROM submissions)::int AS submissions, (SELECT count(*) FROM votes)::int AS votes,
               (SELECT count(*) FROM cadre_votes)::int AS cadre_votes,
               (SELECT count(*) FROM paper_sheets)::int AS paper_sheets,
               (SELECT string_agg(code || ':' || state, ',' ORDER BY id) FROM ballot_codes) AS codes`,
  );
  return row!;
}

/** The stored ballot rows of a submission, without ids and times. */
export function ballotRowsOf(db: Db, submissionId: string) {
  return rowsOf<Record<string, unknown>>(
    db,
    sql`SELECT poll_id, target_id, answers, score, is_test FROM votes WHERE submission_id = ${submissionId}
        UNION ALL
        SELECT poll_id, NULL, answers, NULL, is_test FROM cadre_votes WHERE submission_id = ${submissionId}
        ORDER BY 1, 2`,
  );
}

export interface PaperWorld extends BallotWorld {
  /** The family whose vote type paper() calls: appraisal at the start of every test. */
  family: 'appraisal' | 'evaluation';
  paper: () => ReturnType<typeof paperCalls>;
  api: () => ReturnType<typeof adminCalls>;
  /** Link mode: prints `copies` numbered sheets of the family's vote type (a print run); answers its numbers. */
  print: (copies: number) => Promise<{ first: number; last: number }>;
  /** Codes mode: prints `copies` sheets, each with a new paper code (a public address is set first). */
  printCodes: (copies: number) => Promise<string[]>;
}

/** useBallotWorld with the paper calls of one family's vote type and the admin calls, for the paper tests. */
export function usePaperWorld(fixture?: Parameters<typeof useBallotWorld>[0]): PaperWorld {
  const w = useBallotWorld(fixture) as PaperWorld;
  w.family = 'appraisal';
  w.paper = () => paperCalls(w.ctx.app, () => w.f[w.family].id);
  w.api = () => adminCalls(w.ctx.app, () => w.token);
  const lastNumber = async () => (await w.paper().list(w.token)).json<{ counts: { last_number: number } }>();
  w.print = async (copies) => {
    const before = (await lastNumber()).counts.last_number;
    const res = await w.paper().pdf(w.token, `?copies=${copies}`);
    if (res.statusCode !== 200) throw new Error(`print failed: ${res.statusCode} ${res.body}`);
    return { first: before + 1, last: (await lastNumber()).counts.last_number };
  };
  w.printCodes = async (copies) => {
    await w.ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/',
      headers: bearer(w.token),
      payload: { public_url: 'https://kp.example.cn' },
    });
    const res = await w.paper().pdf(w.token, `?copies=${copies}`);
    if (res.statusCode !== 200) throw new Error(`print failed: ${res.statusCode} ${res.body}`);
    const rows = await rowsOf<{ code: string }>(
      w.ctx.database.db,
      sql`SELECT code FROM ballot_codes WHERE vote_type_id = ${w.f[w.family].id} AND for_paper
          AND batch = (SELECT max(batch) FROM ballot_codes WHERE vote_type_id = ${w.f[w.family].id})
          ORDER BY id`,
    );
    return rows.map((r) => formatCode(r.code));
  };
  beforeEach(() => {
    w.family = 'appraisal';
  });
  return w;
}
