// Calls of issue 14 (assessment rounds) for the tests: each answers the raw response, so that a test can
// assert the status and the detail a client sees.
import type { Round, RoundList } from '@kaoping/contracts/rounds';
import type { App } from '../../src/app';
import { bearer } from './factories';

export const ADMIN = '/api/v1/admin';

export const startRound = (app: App, token: string, companyId: number, body: unknown) =>
  app.inject({
    method: 'POST',
    url: `${ADMIN}/companies/${companyId}/rounds`,
    headers: bearer(token),
    payload: body as object,
  });

/** Starts a new round and answers it; throws unless 201. */
export async function newRound(app: App, token: string, companyId: number, name: string, year: number) {
  const res = await startRound(app, token, companyId, { name, year });
  if (res.statusCode !== 201) throw new Error(`new round failed: ${res.statusCode} ${res.body}`);
  return res.json<Round>();
}

export async function listRounds(app: App, token: string, companyId: number) {
  const res = await app.inject({
    method: 'GET',
    url: `${ADMIN}/companies/${companyId}/rounds`,
    headers: bearer(token),
  });
  if (res.statusCode !== 200) throw new Error(`rounds failed: ${res.statusCode} ${res.body}`);
  return res.json<RoundList>().items;
}

/**
 * 结束投票 for each vote type, nothing more: while a vote type is open admins read counts only
 * (decision 0041), so a test of figures or records reads them after this.
 */
export async function endVotes(app: App, token: string, ids: number[]) {
  for (const id of ids) {
    const res = await app.inject({
      method: 'POST',
      url: `${ADMIN}/vote-types/${id}/close`,
      headers: bearer(token),
    });
    if (res.statusCode !== 200) throw new Error(`close failed: ${res.statusCode} ${res.body}`);
  }
}

/** Ends each vote type completely: 结束投票, then 完成计票 (the figures final, as before a new round). */
export async function closeVoteTypes(app: App, token: string, ids: number[]) {
  for (const id of ids) {
    for (const step of ['close', 'finish-count']) {
      const res = await app.inject({
        method: 'POST',
        url: `${ADMIN}/vote-types/${id}/${step}`,
        headers: bearer(token),
      });
      if (res.statusCode !== 200) throw new Error(`${step} failed: ${res.statusCode} ${res.body}`);
    }
  }
}

export const get = (app: App, token: string, url: string) =>
  app.inject({ method: 'GET', url: `${ADMIN}${url}`, headers: bearer(token) });
