import type { CadreFormSchema } from '@kaoping/contracts/cadre-schema';
import { cadreQuestions } from '@kaoping/contracts/cadre-schema';
import {
  normalizeNewlyPromotedSchema,
  type NewlyPromotedFormSchema,
} from '@kaoping/contracts/newly-promoted-schema';
import { parseFormSchema, POLL_KIND_LABELS } from '@kaoping/contracts/poll';
import type { PublicPollKind, VoteTypeStatus } from '@kaoping/contracts/public-vote-types';
import type { ScoringFormSchema } from '@kaoping/contracts/scoring-schema';
import type { Db } from '../../db/client';
import * as repo from './public.repository';
import { type Family, readFingerprint } from './submit.repository';

export type DefPoll = { row: repo.PollRow } & (
  | { kind: 'company' | 'person'; schema: ScoringFormSchema }
  | { kind: 'cadre'; schema: CadreFormSchema }
  | { kind: 'newly_promoted'; schema: NewlyPromotedFormSchema }
);

/** One thing the voter answers: a scoring poll for one target, or an evaluation poll. */
export interface BallotPart {
  poll: DefPoll;
  target: repo.TargetRow | null;
}

/** Everything a vote type's ballot is checked against, read in one snapshot. */
export interface BallotDefinition {
  voteType: repo.VoteTypeRow;
  family: Family;
  company: { id: number; name: string };
  polls: DefPoll[];
  targets: repo.TargetRow[];
  subjects: repo.SubjectRow[];
  /** What the voter must answer, in answering order; empty when nothing can be answered. */
  parts: BallotPart[];
  /** Why the ballot cannot be filled in (a setup problem), or null. */
  problem: string | null;
  fingerprint: string;
}

const FAMILY_KINDS: Record<Family, readonly PublicPollKind[]> = {
  democratic_appraisal: ['company', 'person'],
  democratic_evaluation: ['cadre', 'newly_promoted'],
};

function toDefPoll(row: repo.PollRow): DefPoll | undefined {
  const kind = row.targetType as PublicPollKind;
  if (kind === 'newly_promoted') return { row, kind, schema: normalizeNewlyPromotedSchema(row.formSchema) };
  // Saved schemas were checked on save; parsing again fills defaults and guards against hand edits.
  const parsed = parseFormSchema(kind, row.formSchema);
  if (!parsed.success) return undefined;
  return kind === 'cadre'
    ? { row, kind, schema: parsed.data as CadreFormSchema }
    : { row, kind, schema: parsed.data as ScoringFormSchema };
}

function planParts(def: Omit<BallotDefinition, 'parts' | 'problem'>) {
  const byKind = new Map(def.polls.map((p) => [p.kind, p]));
  const parts: BallotPart[] = [];
  const problems: string[] = [];
  if (def.family === 'democratic_appraisal') {
    for (const target of def.targets) {
      const poll = byKind.get(target.type as 'company' | 'person');
      if (poll) parts.push({ poll, target });
      else problems.push(`缺少${POLL_KIND_LABELS[target.type as 'company' | 'person']}`);
    }
    if (def.targets.length === 0) problems.push('暂无测评对象');
  } else {
    const cadre = byKind.get('cadre');
    if (cadre?.kind === 'cadre' && cadreQuestions(cadre.schema).length > 0)
      parts.push({ poll: cadre, target: null });
    const promoted = byKind.get('newly_promoted');
    if (promoted && def.subjects.length > 0) parts.push({ poll: promoted, target: null });
    if (parts.length === 0) problems.push('暂无可作答的问卷');
  }
  const problem = problems.length
    ? `该投票尚未配置完成（${[...new Set(problems)].join('、')}），请联系组织者`
    : null;
  return { parts: problem ? [] : parts, problem };
}

/** Reads the definition of a link fresh from the database; undefined for an unknown link. */
export async function loadDefinition(db: Db, linkId: string): Promise<BallotDefinition | undefined> {
  // Repeatable read: the rows and the fingerprint must describe the same moment.
  return db.transaction(
    async (tx) => {
      const found = await repo.findVoteTypeByLink(tx, linkId);
      if (!found) return undefined;
      const { voteType } = found;
      const family = voteType.formCategory as Family;
      const companyId = voteType.companyId;
      const appraisal = family === 'democratic_appraisal';
      const pollRows = await repo.listCompanyPolls(tx, companyId, FAMILY_KINDS[family]);
      const targets = appraisal ? await repo.listActiveTargets(tx, companyId) : [];
      const subjects = appraisal ? [] : await repo.listActiveSubjects(tx, companyId);
      const fingerprint = (await readFingerprint(tx, family, voteType.id)) ?? '';
      const order = FAMILY_KINDS[family];
      const polls = pollRows
        .map(toDefPoll)
        .filter((p): p is DefPoll => !!p)
        .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
      const base = { voteType, family, company: { id: companyId, name: found.companyName } };
      const def = { ...base, polls, targets, subjects, fingerprint };
      return { ...def, ...planParts(def) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Where the vote type stands at `now`. */
export function statusOf(v: repo.VoteTypeRow, now = Date.now()): VoteTypeStatus {
  if (!v.isActive) return 'inactive';
  if (v.opensAt && now < v.opensAt.getTime()) return 'not_started';
  if (v.closesAt && now >= v.closesAt.getTime()) return 'closed';
  return 'open';
}

// Per-instance cache of definitions by link. Safe because the submission statement re-checks the
// fingerprint, the active flag and the window itself; the TTL only bounds memory and staleness of
// the fast rejections (which are re-checked against fresh data before they are answered).
const TTL_MS = 60_000;
const MAX_ENTRIES = 1000;
const caches = new WeakMap<Db, Map<string, { def: BallotDefinition; at: number }>>();

export function cachedDefinition(db: Db, linkId: string) {
  const hit = caches.get(db)?.get(linkId);
  return hit && Date.now() - hit.at < TTL_MS ? hit.def : undefined;
}

export function rememberDefinition(db: Db, def: BallotDefinition) {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(def.voteType.linkId, { def, at: Date.now() });
}

/** The cached definition, or a fresh one (then cached). */
export async function definitionFor(db: Db, linkId: string, fresh = false) {
  const hit = fresh ? undefined : cachedDefinition(db, linkId);
  if (hit) return { def: hit, fromCache: true };
  const def = await loadDefinition(db, linkId);
  if (def) rememberDefinition(db, def);
  return { def, fromCache: false };
}
