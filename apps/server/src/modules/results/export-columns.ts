// The raw-ballot table of an export (xlsx sheet and CSV share it): one row per stored ballot, answers shown
// by their option labels. Nothing about a voter is exported: a ballot is named by its 随机编号 and its day
// (issue 26), never the voter's identifier, the submission id or a time of day.
import { cadreQuestions, type CadreFormSchema } from '@kaoping/contracts/cadre-schema';
import { POLL_KIND_LABELS, type PollTargetType } from '@kaoping/contracts/poll-kinds';
import type { ScoringFormSchema } from '@kaoping/contracts/scoring-schema';
import type { CadreVoteExportRow, VoteExportRow } from '../ballots/ballot-batches.repository';

export type Cell = string | number | null;
export interface RawTable<R> {
  headers: string[];
  row(r: R): Cell[];
}

const BEIJING_OFFSET_MS = 8 * 3600_000;
/** '2025-01-01 09:00:00' in Beijing time, the time an organisation department reads. */
export function beijingTime(d: Date): string {
  return new Date(d.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

const DATE_HEADER = '投票日期';
/** '单位', '个人', '选人用人工作', '新提拔任用干部'; anything else as it is. */
const kindLabel = (kind: string) =>
  Object.hasOwn(POLL_KIND_LABELS, kind) ? POLL_KIND_LABELS[kind as PollTargetType].short : kind;

const labelsOf = (opts: readonly { value: string; label: string }[]) =>
  new Map(opts.map((o) => [o.value, o.label]));

export interface AppraisalTableContext {
  voteTypes: Map<number, string>;
  targets: Map<number, { name: string; type: string; title: string }>;
  polls: { id: number; kind: 'company' | 'person'; schema: ScoringFormSchema }[];
}

export function appraisalRawTable(ctx: AppraisalTableContext): RawTable<VoteExportRow> {
  const headers = ['随机编号', '投票类型', '测评对象', '对象类型', '职务', '问卷'];
  headers.push(DATE_HEADER, '得分', '总体评价');
  const both = ctx.polls.length > 1;
  const layouts = new Map(
    ctx.polls.map((p) => {
      const prefix = both ? `${kindLabel(p.kind)}·` : '';
      const [overall, items] = p.schema.evaluationGroups;
      const rev = p.schema.reverseEvaluation;
      const start = headers.length;
      for (const i of items.items) headers.push(`${prefix}${i.name}`);
      for (const i of rev.items) headers.push(`${prefix}${rev.title}：${i.description}`);
      const layout = {
        start,
        overall: labelsOf(overall.options),
        itemLabels: labelsOf(items.options),
        reverseLabels: labelsOf(rev.options),
        items: items.items.map((i) => i.id),
        reverse: rev.items.map((i) => i.id),
        kind: p.kind,
      };
      return [p.id, layout] as const;
    }),
  );
  return {
    headers,
    row(r) {
      const target = ctx.targets.get(r.targetId);
      const layout = layouts.get(r.pollId);
      const a = (r.answers ?? {}) as {
        overall?: string;
        items?: Record<string, string>;
        reverse?: Record<string, string>;
      };
      const cells: Cell[] = [
        r.voterKey,
        ctx.voteTypes.get(r.voteTypeId) ?? `#${r.voteTypeId}`,
        target?.name ?? `（已删除的对象 #${r.targetId}）`,
        target ? kindLabel(target.type) : null,
        target?.title || null,
        layout ? kindLabel(layout.kind) : `#${r.pollId}`,
        r.createdAt,
        r.score,
        a.overall === undefined ? null : (layout?.overall.get(a.overall) ?? a.overall),
      ];
      while (cells.length < headers.length) cells.push(null);
      if (layout) {
        layout.items.forEach((id, i) => {
          const v = a.items?.[id];
          cells[layout.start + i] = v === undefined ? null : (layout.itemLabels.get(v) ?? v);
        });
        layout.reverse.forEach((id, i) => {
          const v = a.reverse?.[id];
          cells[layout.start + layout.items.length + i] =
            v === undefined ? null : (layout.reverseLabels.get(v) ?? v);
        });
      }
      return cells;
    },
  };
}

export interface EvaluationTableContext {
  voteTypes: Map<number, string>;
  cadre: CadreFormSchema | null;
  subjects: { id: number; name: string }[];
}

export function evaluationRawTable(ctx: EvaluationTableContext): RawTable<CadreVoteExportRow> {
  const questions = ctx.cadre ? cadreQuestions(ctx.cadre) : [];
  const headers = ['随机编号', '投票类型', '问卷', DATE_HEADER];
  headers.push(...questions.map((q) => q.text), ...ctx.subjects.map((s) => `评议：${s.name}`));
  headers.push('不认同的原因', '其他答案');
  const known = new Set([
    ...questions.map((q) => q.id),
    ...ctx.subjects.map((s) => `subject_${s.id}`),
    'reason',
  ]);
  return {
    headers,
    row(r) {
      const a = (r.answers ?? {}) as Record<string, unknown>;
      const show = (v: unknown): Cell =>
        v === undefined || v === null ? null : Array.isArray(v) ? v.join('；') : String(v);
      // Answers no column names (e.g. on a subject deleted since) are kept, not dropped.
      const other = Object.fromEntries(Object.entries(a).filter(([k]) => !known.has(k)));
      return [
        r.voterKey,
        ctx.voteTypes.get(r.voteTypeId) ?? `#${r.voteTypeId}`,
        kindLabel(r.pollKind),
        r.createdAt,
        ...questions.map((q) => (r.pollKind === 'cadre' ? show(a[q.id]) : null)),
        ...ctx.subjects.map((s) => (r.pollKind === 'newly_promoted' ? show(a[`subject_${s.id}`]) : null)),
        r.pollKind === 'newly_promoted' ? show(a.reason) : null,
        Object.keys(other).length ? JSON.stringify(other) : null,
      ];
    },
  };
}
