import type { RecommendationResults } from '@kaoping/contracts/recommendation';
import type {
  RecommendationCandidateResult,
  RecommendationPostResult,
} from '@kaoping/contracts/recommendation-count';
import { RECOMMENDATION_MODE_LABELS } from '@kaoping/contracts/recommendation-rules';
import { Alert, Card, Grid, Table, Tag, Typography, type TableColumnsType } from 'antd';

type Group = RecommendationResults['groups'][number];

const candidateKey = (c: RecommendationCandidateResult) =>
  c.candidate_id === null ? `w:${c.name}` : `c:${c.candidate_id}`;

const percent = (share: number) => `${share.toFixed(2)}%`;

interface CandidateRow {
  key: string;
  total: RecommendationCandidateResult;
  byGroup: (RecommendationCandidateResult | undefined)[];
}

interface CountRow {
  key: string;
  label: string;
  mode?: string;
  post: RecommendationPostResult;
}

/** A name, with 另提名 marked (and 过半数, on a phone where it has no column of its own). */
function NameCell({ c, half = false }: { c: RecommendationCandidateResult; half?: boolean }) {
  return (
    <span>
      {c.name}
      {c.write_in && (
        <Tag color="purple" style={{ marginLeft: 6 }}>
          另提名
        </Tag>
      )}
      {half && c.above_half && (
        <Tag color="green" style={{ marginLeft: 6 }}>
          过半数
        </Tag>
      )}
    </span>
  );
}

function QuorumCell({ post }: { post: RecommendationPostResult }) {
  return post.quorum_met === null ? (
    <Typography.Text type="secondary">未设应到</Typography.Text>
  ) : post.quorum_met ? (
    <Tag color="green">达到三分之二</Tag>
  ) : (
    <Tag color="red">未达三分之二</Tag>
  );
}

/**
 * Below 768 px (a phone) the tables fold into three columns, with no sideways scrolling at 360 px: the
 * ballots of a group in one cell, and a name's votes and share in total with each group's under them.
 * Wider screens keep a column per figure. `xs || sm` says the width is known (jsdom matches no query:
 * the wide tables).
 */
function useNarrow() {
  const s = Grid.useBreakpoint();
  return Boolean((s.xs || s.sm) && !s.md);
}

const votesText = (c: RecommendationCandidateResult | undefined) =>
  `${c?.votes ?? 0} 票 ${percent(c?.share ?? 0)}`;

export interface PostResultProps {
  /** The post's figures in total (合计). */
  total: RecommendationPostResult;
  /** Each voter group with its figures of this post (the same post, by index). */
  groups: { group: Group; post: RecommendationPostResult | undefined }[];
  shareNote: string;
}

/** One post: the ballots counted per group and in total, then the names with votes, share and rank. */
export function PostResult({ total, groups, shareNote }: PostResultProps) {
  const single = groups.length <= 1;
  const narrow = useNarrow();
  const countRows: CountRow[] = [
    ...groups.flatMap(({ group, post }) =>
      post
        ? [
            {
              key: `g${group.vote_type_id}`,
              label: group.name,
              mode: RECOMMENDATION_MODE_LABELS[group.recommendation_mode],
              post,
            },
          ]
        : [],
    ),
    ...(single ? [] : [{ key: 'total', label: '合计', post: total }]),
  ];
  const rows: CandidateRow[] = total.candidates.map((c) => ({
    key: candidateKey(c),
    total: c,
    byGroup: groups.map(({ post }) => post?.candidates.find((g) => candidateKey(g) === candidateKey(c))),
  }));

  const countColumns: TableColumnsType<CountRow> = [
    {
      title: '投票类型',
      key: 'label',
      width: 130,
      className: 'kp-rec-wrap',
      render: (_, r) => (
        <span>
          {r.label}
          {r.mode && (
            <Typography.Text type="secondary" className="kp-rec-mode">
              （{r.mode}）
            </Typography.Text>
          )}
        </span>
      ),
    },
    { title: '应到', key: 'expected', render: (_, r) => r.post.expected ?? '—' },
    { title: '收回', key: 'received', render: (_, r) => r.post.received },
    { title: '有效', key: 'valid', render: (_, r) => r.post.valid },
    { title: '无效', key: 'invalid', render: (_, r) => r.post.invalid },
    { title: '弃权', key: 'abstained', render: (_, r) => r.post.abstained },
    { title: '到会情况', key: 'quorum', render: (_, r) => <QuorumCell post={r.post} /> },
  ];
  const narrowCountColumns: TableColumnsType<CountRow> = [
    { ...countColumns[0]!, width: 96 },
    {
      title: '票数',
      key: 'figures',
      className: 'kp-rec-wrap',
      render: (_, r) => (
        <div className="kp-rec-stack">
          <span>
            应到 {r.post.expected ?? '—'} · 收回 {r.post.received}
          </span>
          <span>
            有效 {r.post.valid} · 无效 {r.post.invalid} · 弃权 {r.post.abstained}
          </span>
          <QuorumCell post={r.post} />
        </div>
      ),
    },
  ];

  const figureColumns = (
    title: string,
    key: string,
    pick: (r: CandidateRow) => RecommendationCandidateResult | undefined,
  ) => ({
    title,
    key,
    children: [
      {
        title: '得票',
        key: `${key}-votes`,
        align: 'right' as const,
        render: (_: unknown, r: CandidateRow) => pick(r)?.votes ?? 0,
      },
      {
        title: '得票率',
        key: `${key}-share`,
        align: 'right' as const,
        render: (_: unknown, r: CandidateRow) => {
          const c = pick(r);
          return c ? percent(c.share) : '0.00%';
        },
      },
    ],
  });

  const columns: TableColumnsType<CandidateRow> = [
    { title: '名次', key: 'rank', width: 56, fixed: 'left', render: (_, r) => r.total.rank },
    { title: '姓名', key: 'name', fixed: 'left', render: (_, r) => <NameCell c={r.total} /> },
    ...(single
      ? []
      : groups.map(({ group }, i) =>
          figureColumns(group.name, `g${group.vote_type_id}`, (r) => r.byGroup[i]),
        )),
    figureColumns(single ? (groups[0]?.group.name ?? '合计') : '合计', 'total', (r) => r.total),
    {
      title: '过半数',
      key: 'half',
      render: (_, r) => (r.total.above_half ? <Tag color="green">过半数</Tag> : null),
    },
  ];

  const narrowColumns: TableColumnsType<CandidateRow> = [
    { title: '名次', key: 'rank', width: 44, render: (_, r) => r.total.rank },
    {
      title: '姓名',
      key: 'name',
      className: 'kp-rec-wrap',
      render: (_, r) => <NameCell c={r.total} half />,
    },
    {
      title: single ? `得票（${groups[0]?.group.name ?? '合计'}）` : '得票（合计）',
      key: 'votes',
      className: 'kp-rec-wrap',
      render: (_, r) => (
        <div className="kp-rec-stack">
          <strong>{votesText(r.total)}</strong>
          {!single &&
            groups.map(({ group }, i) => (
              <Typography.Text key={group.vote_type_id} type="secondary" className="kp-rec-group-votes">
                {group.name} {votesText(r.byGroup[i])}
              </Typography.Text>
            ))}
        </div>
      ),
    },
  ];

  const warnings = countRows.filter((r) => r.post.warning);
  return (
    <Card
      size="small"
      role="region"
      aria-label={`推荐结果：${total.name}`}
      title={total.name}
      extra={
        narrow ? undefined : (
          <Typography.Text type="secondary">
            职数 {total.seats} 名，最多推荐 {total.max_choices} 人
          </Typography.Text>
        )
      }
    >
      {narrow && (
        <Typography.Paragraph type="secondary" className="kp-rec-seats">
          职数 {total.seats} 名，最多推荐 {total.max_choices} 人
        </Typography.Paragraph>
      )}
      {warnings.map((r) => (
        <Alert
          key={r.key}
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={`${r.label}：${r.post.warning}（应到 ${r.post.expected ?? '—'} 人，收回 ${r.post.received} 票）`}
        />
      ))}
      <Table<CountRow>
        className="kp-rec-counts kp-rec-result-table"
        aria-label={`${total.name}票数`}
        size="small"
        rowKey="key"
        columns={narrow ? narrowCountColumns : countColumns}
        dataSource={countRows}
        pagination={false}
        scroll={narrow ? undefined : { x: 560 }}
        style={{ marginBottom: 12 }}
      />
      <Table<CandidateRow>
        className="kp-rec-result-table"
        aria-label={`${total.name}得票`}
        size="small"
        bordered
        rowKey="key"
        columns={narrow ? narrowColumns : columns}
        dataSource={rows}
        pagination={false}
        scroll={narrow ? undefined : { x: 'max-content' }}
        locale={{ emptyText: '无人得票' }}
      />
      <Typography.Paragraph type="secondary" className="kp-rec-note">
        口径：{shareNote}
      </Typography.Paragraph>
    </Card>
  );
}
