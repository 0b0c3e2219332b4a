import { POLL_KIND_LABELS } from '@kaoping/contracts/poll-kinds';
import type { CadreVoteRecord } from '@kaoping/contracts/records';
import { Select, Tag, Typography } from 'antd';
import type { RecordFilterValues } from '../../api/records';
import type { FamilyFilterProps, RecordFamily } from '../records/record-family';
import { EvaluationBallot } from './evaluation-ballot';

type PollKind = NonNullable<RecordFilterValues['poll_kind']>;

const EVALUATION_KINDS: readonly PollKind[] = ['cadre', 'newly_promoted'];
/** '选人用人工作评议', '新提拔干部评议'. */
const kindLabel = (k: PollKind) => POLL_KIND_LABELS[k].assessment;

/** A short line of what was answered, so a row can be told apart without opening it. */
function summary(r: CadreVoteRecord): string {
  if (r.poll_kind === 'newly_promoted') {
    const opinions = Object.entries(r.answers).filter(([k]) => k.startsWith('subject_'));
    const against = opinions.filter(([, v]) => v === '不认同').length;
    return `评议 ${opinions.length} 人${against ? `，其中不认同 ${against} 人` : ''}`;
  }
  return `作答 ${Object.keys(r.answers).length} 题`;
}

function PollKindFilter({ value, set }: FamilyFilterProps) {
  return (
    <Select<PollKind>
      aria-label="按问卷筛选"
      placeholder="全部问卷"
      allowClear
      value={value.poll_kind}
      onChange={(v) => set({ poll_kind: v ?? undefined })}
      options={EVALUATION_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
    />
  );
}

/** 民主评议记录: a ballot is one voter's answers on the cadre or the newly promoted questionnaire. */
export const evaluationRecords: RecordFamily<'democratic_evaluation'> = {
  family: 'democratic_evaluation',
  title: '民主评议记录',
  listError: '获取评议记录失败',
  drawerWidth: 760,
  Filter: PollKindFilter,
  recordColumns: () => ({
    what: {
      title: '问卷',
      dataIndex: 'poll_kind',
      render: (k: PollKind) => <Tag color={k === 'cadre' ? 'blue' : 'purple'}>{kindLabel(k)}</Tag>,
    },
    figure: { title: '内容', key: 'summary', responsive: ['md'], render: (_, r) => summary(r) },
  }),
  ballotFacts: (d, { voter, type, time }) => [
    voter,
    type,
    { key: 'poll', label: '问卷', children: kindLabel(d.poll_kind) },
    time,
  ],
  renderBallot: (d) => <EvaluationBallot poll={d.poll} answers={d.answers} subjects={d.subjects} />,
  renderVoterBallots: (data) =>
    data.ballots.map((b) => (
      <section key={b.id} style={{ marginBottom: 24 }}>
        <Typography.Title level={5}>
          {kindLabel(b.poll_kind)}
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal', marginLeft: 8 }}>
            {b.vote_type_name}
          </Typography.Text>
        </Typography.Title>
        <EvaluationBallot
          poll={data.polls.find((p) => p.id === b.poll_id)}
          answers={b.answers}
          subjects={data.subjects}
        />
      </section>
    )),
};
