import { cadreQuestions } from '@kaoping/contracts/cadre-schema';
import type { FigureDifference, FiguresRecount } from '@kaoping/contracts/figures-recount';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../audit/audit.repository';
import { getCompany } from '../companies/companies.service';
import { listSubjects } from '../evaluation-subjects/evaluation-subjects.repository';
import { isParsed, readRoundPolls } from '../polls/parsed-poll';
import { listRounds } from '../rounds/rounds.repository';
import { listVoteTargets } from '../vote-targets/vote-targets.repository';
import { recountOfRounds, type VoteTypeFigures } from './figures.repository';

type Leaf = number | null;

/** Every number of a figures object by its path (JSON of the keys): where two of them may differ. */
function leaves(f: unknown, path: string[] = [], out = new Map<string, Leaf>()) {
  if (f !== null && typeof f === 'object') {
    for (const [k, v] of Object.entries(f)) leaves(v, [...path, k], out);
  } else out.set(JSON.stringify(path), f === null ? null : Number(f));
  return out;
}

/** The names a round's differences are told with. */
async function namesOf(db: Db, roundId: number) {
  const [targets, subjects, polls] = await Promise.all([
    listVoteTargets(db, roundId),
    listSubjects(db, roundId),
    readRoundPolls(db, roundId, ['company', 'person', 'cadre'] as const),
  ]);
  const items = new Map<string, string>();
  const questions = new Map<string, string>();
  // The scoring forms' option labels (称职) by poll, group and value (competent).
  const options = new Map<string, string>();
  for (const p of polls.filter(isParsed)) {
    // A 选人用人 question's options are their own labels.
    if (p.kind === 'cadre') for (const q of cadreQuestions(p.schema)) questions.set(q.id, q.text);
    else {
      const [overall, itemGroup] = p.schema.evaluationGroups;
      for (const o of overall.options) options.set(`${p.row.id}:o:${o.value}`, o.label);
      for (const o of itemGroup.options) options.set(`${p.row.id}:i:${o.value}`, o.label);
      for (const o of p.schema.reverseEvaluation.options) options.set(`${p.row.id}:r:${o.value}`, o.label);
      for (const i of itemGroup.items) items.set(`${p.row.id}:i:${i.id}`, i.name);
      for (const i of p.schema.reverseEvaluation.items) items.set(`${p.row.id}:r:${i.id}`, i.description);
    }
  }
  return {
    target: (id: string) => targets.find((t) => String(t.id) === id)?.name ?? `测评对象 ${id}`,
    subject: (id: string) => subjects.find((s) => String(s.id) === id)?.name ?? `评议对象 ${id}`,
    item: (poll: string, grp: 'i' | 'r', id: string) => items.get(`${poll}:${grp}:${id}`) ?? id,
    question: (id: string) => questions.get(id) ?? id,
    option: (scope: string, value: string) => options.get(`${scope}:${value}`) ?? value,
  };
}

type Names = Awaited<ReturnType<typeof namesOf>>;

/** A figure's path in Chinese, e.g. 「张三」总体评价“优秀”的票数. */
function describe(path: string[], names: Names): string {
  const [family, a, b, c, d] = path;
  if (family === 'ballots') return '收回数（正式选票）';
  if (family === 'scoring' && a) {
    const [poll, target] = a.split(':') as [string, string];
    const who = `「${names.target(target)}」`;
    if (b === 'n') return `${who}的选票数`;
    if (b === 'tenths') return `${who}的总分（以 0.1 分计）`;
    if (b === 'min') return `${who}的最低分`;
    if (b === 'max') return `${who}的最高分`;
    if (b === 'overall') return `${who}总体评价“${names.option(`${poll}:o`, c!)}”的票数`;
    if (b === 'items')
      return `${who}分项评价“${names.item(poll, 'i', c!)}”选“${names.option(`${poll}:i`, d!)}”的票数`;
    if (b === 'reverse')
      return `${who}“${names.item(poll, 'r', c!)}”选“${names.option(`${poll}:r`, d!)}”的票数`;
  }
  if (family === 'cadre') {
    if (a === 'voters') return '选人用人评议表的选票数';
    if (a === 'answered') return `选人用人“${names.question(b!)}”的作答数`;
    if (a === 'options') return `选人用人“${names.question(b!)}”选“${c}”的票数`;
  }
  if (family === 'newly_promoted') {
    if (a === 'voters') return '新提拔干部评议表的选票数';
    if (a === 'subjects') return `新提拔干部「${names.subject(b!)}」“${c}”的票数`;
  }
  return path.join(' · ');
}

/** Where the stored figures and the recount differ (a figure missing on one side counts as 0 there). */
export function differencesOf(
  stored: VoteTypeFigures | null,
  recounted: VoteTypeFigures,
  describeOf: (path: string[]) => string,
): FigureDifference[] {
  const a = leaves(stored ?? {});
  const b = leaves(recounted);
  const out: FigureDifference[] = [];
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const path = JSON.parse(key) as string[];
    // min and max are null without ballots; counts absent on one side are 0.
    const none = path.at(-1) === 'min' || path.at(-1) === 'max' ? null : 0;
    const s = a.has(key) ? a.get(key)! : none;
    const r = b.has(key) ? b.get(key)! : none;
    if (s !== r) out.push({ what: describeOf(path), stored: s, recounted: r });
  }
  return out;
}

/**
 * 重新核算 of a unit: every vote type of its rounds that has ended, counted again from its ballots by the
 * same function that stored its figures, and compared; audited with the outcome (in the request's own
 * transaction, decision 0043). Nothing is corrected: a difference is for people to look into.
 */
export async function recountCompany(db: Db, companyId: number, actor: Actor): Promise<FiguresRecount> {
  const company = await getCompany(db, companyId);
  const rounds = await listRounds(db, companyId);
  const rows = await recountOfRounds(
    db,
    rounds.map((r) => r.id),
  );
  const roundName = new Map(rounds.map((r) => [r.id, r.name]));
  const names = new Map<number, Names>();
  const voteTypes: FiguresRecount['vote_types'] = [];
  for (const row of rows) {
    const roundId = Number(row.round_id);
    let named = names.get(roundId);
    if (!named) names.set(roundId, (named = await namesOf(db, roundId)));
    const differences = differencesOf(row.stored, row.recounted, (p) => describe(p, named));
    voteTypes.push({
      vote_type_id: Number(row.id),
      name: rounds.length > 1 ? `${roundName.get(roundId) ?? ''} · ${row.name}` : row.name,
      ballots: row.recounted.ballots,
      ok: differences.length === 0,
      differences,
    });
  }
  const wrong = voteTypes.filter((v) => !v.ok);
  await recordAudit(db, actor, 'figures.recount', {
    company_id: companyId,
    company: company.name,
    checked_vote_types: voteTypes.length,
    differences: wrong.reduce((a, v) => a + v.differences.length, 0),
    ...(wrong.length ? { mismatched: wrong.map((v) => v.name).join('、') } : {}),
  });
  return { checked_at: new Date().toISOString(), vote_types: voteTypes };
}
