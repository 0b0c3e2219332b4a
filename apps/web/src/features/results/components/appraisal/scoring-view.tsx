import { lazy, Suspense } from 'react';
import type { ScoringAnswers } from '@kaoping/contracts/answers';
import { parseFormSchema } from '@kaoping/contracts/poll';
import type { PollForm } from '@kaoping/contracts/records';
import { Alert, Skeleton } from 'antd';

// The voter's own ballot component, read-only: the admin sees the ballot exactly as the voter did.
const ScoringBallot = lazy(() =>
  import('@/public/ballot/scoring-ballot').then((m) => ({ default: m.ScoringBallot })),
);

const isRecord = (v: unknown): v is Record<string, string> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** Stored answers as the ballot component reads them (anything unexpected shows as unanswered). */
export function toScoringAnswers(raw: Record<string, unknown>): ScoringAnswers {
  return {
    overall: typeof raw.overall === 'string' ? raw.overall : '',
    items: isRecord(raw.items) ? raw.items : {},
    reverse: isRecord(raw.reverse) ? raw.reverse : {},
  };
}

export interface ScoringViewProps {
  poll: PollForm | null | undefined;
  answers: Record<string, unknown>;
  targetName: string;
  targetTitle?: string | null;
}

/** One stored scoring ballot, read-only, in the voter's layout. */
export function ScoringView({ poll, answers, targetName, targetTitle }: ScoringViewProps) {
  if (!poll) return <Alert type="warning" showIcon title="该答卷对应的问卷已不存在，无法按原样显示。" />;
  const kind = poll.target_type === 'person' ? 'person' : 'company';
  const parsed = parseFormSchema(kind, poll.form_schema);
  if (!parsed.success) return <Alert type="warning" showIcon title={`问卷内容无法显示：${parsed.error}`} />;
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <ScoringBallot
        schema={parsed.data}
        value={toScoringAnswers(answers)}
        readOnly
        targetName={targetName}
        targetTitle={targetTitle ?? undefined}
        pollTitle={poll.title}
        headingLevel={3}
      />
    </Suspense>
  );
}
