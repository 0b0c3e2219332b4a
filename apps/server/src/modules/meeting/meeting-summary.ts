import type { MeetingSummary } from '@kaoping/contracts/meeting';
import { cadreOverallQuestion } from '@kaoping/contracts/summary-evaluation';
import type { UnitSummary } from '@kaoping/contracts/summary-tables';
import type { Db } from '../../db/client';
import { buildUnitSummary } from '../summary/summary.service';
import { afterCommit } from '../../lib/request-transaction';

/**
 * What the meeting screen shows of the 汇总表: per target its 加权合计 rates, weighted score and rank; the
 * 选人用人 overall question; the 新提拔 认同率. Figures only: no suggestion or reason a voter wrote.
 */
export function meetingSummaryOf(s: UnitSummary): MeetingSummary {
  const overall = cadreOverallQuestion(s.cadre);
  return {
    appraisal: s.appraisal.sections.map((section) => ({
      kind: section.kind,
      rate_labels: section.rate_labels,
      targets: section.targets.map((t) => {
        const w = t.rows[t.rows.length - 1]!;
        return {
          name: t.name,
          title: t.title,
          voters: w.voters,
          excellent_rate: w.excellent_rate,
          top_two_rate: w.top_two_rate,
          bottom_rate: w.bottom_rate,
          weighted_score: t.weighted_score,
          rank: t.rank,
          flagged: t.flags.top_two_low || t.flags.bottom_high,
        };
      }),
    })),
    cadre_overall: overall
      ? {
          text: overall.text,
          voters: overall.base_total,
          options: overall.options.map((o) => ({ option: o.option, ...o.total })),
        }
      : null,
    newly_promoted: {
      average_approval_rate: s.newly_promoted.average_approval_rate,
      subjects: s.newly_promoted.subjects.map((x) => ({
        name: x.name,
        approval_rate: x.rows[x.rows.length - 1]!.approval_rate,
        rank: x.rank,
      })),
    },
  };
}

// The board is read once a second per screen; a closed round's figures no longer change, so the 汇总 is
// built at most once every few seconds per round and instance.
const CACHE_MS = 5_000;
const cache = new Map<string, { until: number; summary: Promise<MeetingSummary> }>();
// Keyed by the round's id and creation time: a database emptied and filled again never meets an old entry.
const keyOf = (round: { id: number; createdAt: Date }) => `${round.id}:${round.createdAt.getTime()}`;

export function cachedMeetingSummary(
  db: Db,
  companyId: number,
  round: { id: number; createdAt: Date },
): Promise<MeetingSummary> {
  const now = Date.now();
  const key = keyOf(round);
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.summary;
  for (const [k, entry] of cache) if (entry.until <= now) cache.delete(k);
  const summary = buildUnitSummary(db, companyId, round.id).then(meetingSummaryOf);
  cache.set(key, { until: now + CACHE_MS, summary });
  summary.catch(() => cache.delete(key));
  return summary;
}

/** Forgets a round's 汇总 (the switch changed), and again once the change committed. */
export const forgetMeetingSummary = (round: { id: number; createdAt: Date }) =>
  afterCommit(() => cache.delete(keyOf(round)));
