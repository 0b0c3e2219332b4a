import type { CadreSummary, NewlyPromotedSummary } from '@kaoping/contracts/summary-tables';
import { thresholdPercent } from '@kaoping/contracts/summary-thresholds';
import { Empty, Grid, List, Tag, Typography } from 'antd';
import { formatPoints, formatShare } from '@/lib/format';
import { leadColumns, spanLines, spanned } from '../lib/span-lines';
import { FlaggedLabel } from './flagged-label';
import { SummaryTable } from './summary-table';

type Question = CadreSummary['questions'][number];
type OptionLine = Question['options'][number] & { key: string };

function QuestionTable({ q, groups }: { q: Question; groups: CadreSummary['vote_types'] }) {
  const cell = (c: { count: number; share: number }, base: number) => (
    <>
      {c.count}
      <span className="kp-sum-sub"> / {base ? formatShare(c.share) : '—'}</span>
    </>
  );
  return (
    <div style={{ marginBottom: 16 }}>
      <Typography.Text strong>
        {q.text}
        <span className="kp-sum-sub">
          {q.type === 'multiple_choice'
            ? '（多选：占比为勾选人数占参评人数，合计可超过 100%）'
            : '（单选：占比以答题人数为基数）'}
        </span>
      </Typography.Text>
      <SummaryTable<OptionLine>
        rowKey="key"
        style={{ marginTop: 8 }}
        dataSource={q.options.map((o) => ({ ...o, key: o.option }))}
        columns={[
          { title: '选项', dataIndex: 'option' },
          ...groups.map((g, i) => ({
            title: `${g.name}（${q.bases[i]} 人）`,
            key: String(g.vote_type_id),
            align: 'right' as const,
            render: (_: unknown, o: OptionLine) => cell(o.by_vote_type[i]!, q.bases[i]!),
          })),
          {
            title: `合计（${q.base_total} 人）`,
            key: 'total',
            align: 'right' as const,
            render: (_: unknown, o: OptionLine) => cell(o.total, q.base_total),
          },
        ]}
      />
    </div>
  );
}

/** 选人用人 汇总表: per question and option, 票数 / 占比 per 票类 and in total; the suggestions listed. */
export function CadreTables({ cadre }: { cadre: CadreSummary }) {
  if (!cadre.poll) return null;
  return (
    <section aria-label="选人用人汇总表" style={{ marginBottom: 24 }}>
      <Typography.Title level={5}>
        选人用人工作民主评议汇总表{' '}
        <span className="kp-sum-sub">（参评 {cadre.voters_total} 人；单元格为 票数 / 占比）</span>
      </Typography.Title>
      {cadre.questions.map((q) => (
        <QuestionTable key={q.id} q={q} groups={cadre.vote_types} />
      ))}
      {cadre.suggestions.map((s) => (
        <div key={s.question_id} style={{ marginBottom: 16 }}>
          <Typography.Text strong>{s.text}</Typography.Text>
          {s.answers.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无意见建议" />
          ) : (
            <List
              size="small"
              bordered
              dataSource={s.answers}
              renderItem={(a, i) => <List.Item>{`${i + 1}. ${a}`}</List.Item>}
              style={{ marginTop: 8 }}
            />
          )}
        </div>
      ))}
    </section>
  );
}

type Subject = NewlyPromotedSummary['subjects'][number];
interface NpLine {
  key: string;
  subject: Subject;
  row: Subject['rows'][number];
  span: number;
}

/** 新提拔 汇总表: per cadre and 票类 the four opinions, 认同率, 认同+基本认同率, rank and the unit average. */
export function NewlyPromotedTables({ np }: { np: NewlyPromotedSummary }) {
  const wide = Grid.useBreakpoint().md ?? true;
  if (!np.poll) return null;
  const reason = `不认同率高于 ${thresholdPercent(np.flag_threshold)}`;
  const lines: NpLine[] = spanLines(
    np.subjects,
    (subject) => subject.rows,
    (subject, row) => ({ key: `${subject.subject_id}:${row.kind}:${row.vote_type_id ?? ''}`, subject, row }),
  );
  return (
    <section aria-label="新提拔干部汇总表" style={{ marginBottom: 24 }}>
      <Typography.Title level={5}>
        新提拔干部民主评议汇总表
        <span className="kp-sum-sub">
          {' '}
          （单位平均认同率 {formatShare(np.average_approval_rate)}；不认同率高于{' '}
          {formatShare(np.flag_threshold * 100)} 预警）
        </span>
      </Typography.Title>
      <SummaryTable<NpLine>
        rowKey="key"
        dataSource={lines}
        rowClassName={(l) =>
          [
            l.subject.flagged && l.row.kind === 'total' ? 'kp-sum-flagged' : '',
            l.row.kind === 'total' ? 'kp-sum-total' : '',
          ].join(' ')
        }
        columns={[
          ...leadColumns<NpLine>(
            (l) => l.subject.rank,
            {
              title: '干部',
              render: (_, l) => (
                <>
                  <Typography.Text strong>{l.subject.name}</Typography.Text>
                  {l.subject.current_position && (
                    <div className="kp-sum-sub">{l.subject.current_position}</div>
                  )}
                  {l.subject.flagged && <Tag color="red">预警：不认同率过高</Tag>}
                </>
              ),
            },
            wide,
          ),
          {
            title: '票类',
            key: 'label',
            width: 104,
            render: (_, l) => (
              <FlaggedLabel
                label={l.row.label}
                reasons={l.subject.flagged && l.row.kind === 'total' ? [reason] : []}
              />
            ),
          },
          { title: '人数', key: 'count', align: 'right', width: 46, render: (_, l) => l.row.count },
          ...np.opinions.map((op, i) => ({
            title: op,
            key: op,
            children: [
              {
                title: '票数',
                key: `${op}n`,
                align: 'right' as const,
                width: 46,
                render: (_: unknown, l: NpLine) => l.row.opinions[i]!.count,
              },
              {
                title: '占比',
                key: `${op}s`,
                align: 'right' as const,
                width: 70,
                render: (_: unknown, l: NpLine) =>
                  l.row.count ? formatShare(l.row.opinions[i]!.share) : '—',
              },
            ],
          })),
          {
            title: '认同率',
            key: 'ar',
            align: 'right',
            width: 70,
            render: (_, l) => formatShare(l.row.approval_rate),
          },
          {
            title: '认同+基本认同率',
            key: 'abr',
            align: 'right',
            width: 78,
            render: (_, l) => formatShare(l.row.approval_or_basic_rate),
          },
          {
            title: '与平均比较',
            key: 'avg',
            align: 'right',
            width: 70,
            onCell: spanned,
            render: (_, l) => formatPoints(l.subject.above_average),
          },
        ]}
      />
      {np.reasons.length > 0 && (
        <List
          size="small"
          bordered
          header="不认同的主要原因"
          dataSource={np.reasons}
          renderItem={(a, i) => <List.Item>{`${i + 1}. ${a}`}</List.Item>}
          style={{ marginTop: 8 }}
        />
      )}
    </section>
  );
}
