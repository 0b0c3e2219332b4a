import { sql } from 'drizzle-orm';
import type { TestContext } from './test-app';
import { createAccount } from './accounts';
import { buildBallotFixture, submission, submit } from './ballot-fixtures';
import { bearer, createAdmin, createCompany, elevate } from './factories';
import { endVotes } from './round-fixtures';
import type { Unit, World } from './route-recipes';

export interface WalkWorld {
  world: World;
  inUnit: Unit;
  outUnit: Unit;
  tokens: Record<'unit_admin' | 'auditor' | 'no_role', string>;
}

/**
 * Two units with polls, rosters and ballots of both families; a system admin (elevated), a unit admin and
 * an auditor of the first unit (elevated), and a later registration without a role. Needs a context made
 * with REGISTRATION_CODE 'walk-code'. Each unit's two vote types have ended (结束投票) after their first
 * ballots, so its records, voters and figures are there to read (decision 0041 hides them while open).
 */
export async function buildWalkWorld(ctx: TestContext): Promise<WalkWorld> {
  const tokens: WalkWorld['tokens'] = { unit_admin: '', auditor: '', no_role: '' };
  const scopedIds: number[] = [];

  const sys = await elevate(ctx.app, await createAdmin(ctx.app, 'root'));
  // The roster grows during the walk (creates, imports): a ballot answers every active row of it.
  const ballotOf = async (u: Unit, family: 'appraisal' | 'evaluation') => {
    const active = async (table: string, extra: string) =>
      (
        (await ctx.database.db.execute(
          sql.raw(
            `SELECT id, name FROM ${table} WHERE company_id = ${u.f.company.id} AND is_active ${extra} ORDER BY id`,
          ),
        )) as unknown as { rows: { id: number; name: string }[] }
      ).rows;
    const f = {
      ...u.f,
      persons: await active('vote_targets', "AND type = 'person'"),
      subjects: await active('evaluation_subjects', ''),
    };
    return submission(f, family);
  };
  const castBallot = async (u: Unit, family: 'appraisal' | 'evaluation', into?: { link_id: string }) => {
    const body = { ...(await ballotOf(u, family)), ...(into && { link_id: into.link_id }) };
    const res = await submit(ctx.app, body);
    if (res.statusCode !== 201) throw new Error(`ballot: ${res.statusCode} ${res.body}`);
    // The records' "voter" is the ballot's 随机编号 (issue 26), read here from the database.
    const key = (await ctx.database.db.execute(
      sql`SELECT voter_key FROM submissions WHERE id = ${body.submission_id}`,
    )) as unknown as { rows: { voter_key: string }[] };
    return key.rows[0]!.voter_key;
  };
  const unitIds = [] as number[];
  const world: World = {
    app: ctx.app,
    db: ctx.database.db,
    sys,
    castBallot,
    entriesOf: async (u, family) => (await ballotOf(u, family)).ballots,
    freshCompany: async (inScope) => {
      const company = await createCompany(ctx.app, sys, `单位${Math.random().toString(36).slice(2, 8)}`);
      if (inScope) {
        // Deleted companies leave the accounts' units with them.
        const live = (await ctx.database.db.execute(sql`SELECT id FROM companies`)) as unknown as {
          rows: { id: number }[];
        };
        const ids = new Set(live.rows.map((r) => r.id));
        unitIds.splice(0, unitIds.length, ...unitIds.filter((id) => ids.has(id)), company.id);
        for (const id of scopedIds) {
          const res = await ctx.app.inject({
            method: 'PATCH',
            url: `/api/v1/admin/users/${id}`,
            headers: bearer(sys),
            payload: { unit_ids: unitIds },
          });
          if (res.statusCode !== 200) throw new Error(`units: ${res.body}`);
        }
      }
      return company;
    },
  };
  const unit = async (name: string): Promise<Unit> => {
    const f = await buildBallotFixture(ctx.app, sys, { name });
    const u = { f, appraisalVoter: '', evaluationVoter: '' };
    u.appraisalVoter = await castBallot(u, 'appraisal');
    u.evaluationVoter = await castBallot(u, 'evaluation');
    await endVotes(ctx.app, sys, [f.appraisal.id, f.evaluation.id]);
    return u;
  };
  const inUnit = await unit('甲单位');
  const outUnit = await unit('乙单位');
  unitIds.push(inUnit.f.company.id);
  await ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings/',
    headers: bearer(sys),
    payload: { public_url: 'https://kp.example.cn' },
  });
  for (const role of ['unit_admin', 'auditor'] as const) {
    const acc = await createAccount(ctx.app, sys, { username: `walk-${role}`, role, unit_ids: unitIds });
    scopedIds.push(acc.id);
    tokens[role] = await elevate(ctx.app, acc.token);
  }
  // A later registration with the code: signed in, but no role until a system admin gives one.
  const reg = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/register',
    payload: { username: 'newcomer', password: 'Password123', registration_code: 'walk-code' },
  });
  tokens.no_role = reg.json().access_token;
  return { world, inUnit, outUnit, tokens };
}
