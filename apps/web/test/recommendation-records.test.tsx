// 民主推荐记录 (issue 30): each ballot by its 随机编号, post by post, with the names recommended, 另提名,
// 弃权 and 无效; filters and paging on the server; a drawer with one post's answer or the whole ballot.
// And the meeting screen's panel of a 民主推荐 group: counts only, no QR code for 谈话调研推荐.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MeetingBoard, MeetingVoteType } from '@kaoping/contracts/meeting';
import type { RecommendationVoteRecord, VoterResult } from '@kaoping/contracts/records';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RecommendationRecordsPage from '@/features/results/components/records/recommendation-records-page';
import { MeetingBoard as Board } from '@/public/meeting/meeting-board';
import { mockFetch, renderAdmin, renderRoutes } from './render';
import { companies, turnout, turnoutRow } from './results-fixtures';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });

const API = '/api/v1/admin';
const PATH = '/admin/recommendation-records';

const row = (
  id: number,
  voter: string,
  post: [number, string],
  over: Partial<RecommendationVoteRecord> = {},
): RecommendationVoteRecord => ({
  id,
  voter_key: voter,
  is_test: false,
  company_id: 60,
  vote_type_id: 9,
  vote_type_name: '中层干部',
  source: 'online',
  voted_on: '2026-11-20',
  post_id: post[0],
  post_name: post[1],
  status: 'valid',
  choices: [],
  write_ins: [],
  ...over,
});
const DEPUTY: [number, string] = [11, '副总经理'];
const CHIEF: [number, string] = [12, '总会计师'];
const ROWS = [
  row(901, 'K7QXM3PD', DEPUTY, {
    choices: [
      { candidate_id: 1, name: '王芳' },
      { candidate_id: 2, name: '李强' },
    ],
  }),
  row(902, 'K7QXM3PD', CHIEF, { status: 'abstained' }),
  row(903, 'B2NW8RTA', DEPUTY, { choices: [{ candidate_id: 3, name: '张伟' }], write_ins: ['孙丽'] }),
  row(904, 'B2NW8RTA', CHIEF, {
    status: 'invalid',
    source: 'paper',
    choices: [
      { candidate_id: 4, name: '陈静' },
      { candidate_id: 5, name: '刘洋' },
    ],
  }),
];
const submissionOf = (voter: string): VoterResult => ({
  voter_key: voter,
  is_test: false,
  source: 'online',
  company_id: 60,
  vote_type_id: 9,
  vote_type_name: '中层干部',
  form_category: 'democratic_recommendation',
  voted_on: '2026-11-20',
  ballot_count: 2,
  total_score: null,
  target_scores: [],
});

function routes(companyId: number, rows: () => RecommendationVoteRecord[] = () => ROWS) {
  return {
    [`GET ${API}/companies/`]: () => ({ body: companies(companyId) }),
    [`GET ${API}/vote-types/`]: () => ({
      body: [
        { id: 9, name: '中层干部', form_category: 'democratic_recommendation' },
        { id: 8, name: '班子成员', form_category: 'democratic_appraisal' },
      ],
    }),
    [`GET ${API}/recommendation-posts/`]: () => ({
      body: [
        { id: 11, name: '副总经理' },
        { id: 12, name: '总会计师' },
      ],
    }),
    [`GET ${API}/recommendation-votes/`]: () => ({ body: { items: rows(), total: 34 } }),
    [`GET ${API}/recommendation-votes/903`]: () => ({ body: ROWS[2] }),
    [`GET ${API}/recommendation-votes/voter-results`]: () => ({
      body: { items: [submissionOf('B2NW8RTA')], total: 1 },
    }),
    [`GET ${API}/recommendation-votes/by-voter/B2NW8RTA`]: () => ({
      body: { voter_key: 'B2NW8RTA', submissions: [submissionOf('B2NW8RTA')], ballots: ROWS.slice(2) },
    }),
  };
}

const lists = (calls: { url: URL }[]) =>
  calls.filter((c) => c.url.pathname === `${API}/recommendation-votes/`).map((c) => c.url.searchParams);

afterEach(() => vi.restoreAllMocks());

describe('民主推荐记录', () => {
  it('lists each ballot post by post: the names recommended, 另提名, 弃权 and 无效, by 随机编号', async () => {
    const calls = mockFetch(routes(60));
    renderAdmin(<RecommendationRecordsPage />, `${PATH}?company=60`);
    expect(await screen.findByRole('heading', { name: '民主推荐记录' })).toBeInTheDocument();
    expect(await screen.findByText('共 34 条')).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByText('K7QXM3PD')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('副总经理')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('推荐：王芳、李强')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('有效')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('弃权')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('未推荐任何人（弃权）')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('推荐：张伟；另提名：孙丽')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('无效')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('推荐：陈静、刘洋（本职位无效，不计票）')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('纸质')).toBeInTheDocument();
    // By 随机编号, descending; this endpoint takes no sort field; paged on the server.
    expect(lists(calls)[0]?.get('company_id')).toBe('60');
    expect(lists(calls)[0]?.get('order')).toBe('desc');
    expect(lists(calls)[0]?.has('sort_by')).toBe(false);
    fireEvent.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(lists(calls).at(-1)?.get('skip')).toBe('20'));
  });

  it('filters by vote type of its family, post, status and source on the server', async () => {
    const calls = mockFetch(routes(61));
    renderAdmin(<RecommendationRecordsPage />, `${PATH}?company=61`);
    expect(await screen.findByText('共 34 条')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '按投票类型筛选' }));
    fireEvent.click(await screen.findByText('中层干部', { selector: '.ant-select-item-option-content' }));
    expect(screen.queryByText('班子成员', { selector: '.ant-select-item-option-content' })).toBeNull();
    await waitFor(() => expect(lists(calls).at(-1)?.get('vote_type_id')).toBe('9'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '按推荐职位筛选' }));
    fireEvent.click(await screen.findByText('总会计师', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(lists(calls).at(-1)?.get('post_id')).toBe('12'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '按状态筛选' }));
    fireEvent.click(await screen.findByTitle('无效'));
    await waitFor(() => expect(lists(calls).at(-1)?.get('status')).toBe('invalid'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '按来源筛选' }));
    fireEvent.click(await screen.findByTitle('纸质'));
    await waitFor(() => expect(lists(calls).at(-1)?.get('source')).toBe('paper'));
    expect(lists(calls).at(-1)?.get('post_id')).toBe('12');
    expect(lists(calls).at(-1)?.get('skip')).toBe('0');
  });

  it('opens one post of a ballot, and the whole ballot by its 随机编号, read-only', async () => {
    mockFetch(routes(62));
    renderAdmin(<RecommendationRecordsPage />, `${PATH}?company=62`);
    const row = (await screen.findByText('推荐：张伟；另提名：孙丽')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '查看答卷' }));
    const drawer = (await screen.findByText('答卷详情')).closest<HTMLElement>('.ant-drawer')!;
    expect(await within(drawer).findByText('推荐人选')).toBeInTheDocument();
    const fact = (label: string) =>
      within(drawer).getByText(label, { selector: '.ant-descriptions-item-label > span' }).parentElement!
        .nextElementSibling;
    expect(fact('随机编号')).toHaveTextContent('B2NW8RTA');
    expect(fact('推荐职位')).toHaveTextContent('副总经理');
    expect(within(drawer).getByText('张伟')).toBeInTheDocument();
    expect(within(drawer).getByText('另提名').nextElementSibling).toHaveTextContent('孙丽');
    fireEvent.click(within(drawer).getByRole('button', { name: /close|关闭/i }));

    fireEvent.click(screen.getByText('按投票人'));
    fireEvent.click(await screen.findByRole('button', { name: '查看答卷' }));
    const whole = (await screen.findByText('整张选票')).closest<HTMLElement>('.ant-drawer')!;
    expect(await within(whole).findByText('随机编号 B2NW8RTA')).toBeInTheDocument();
    expect(within(whole).getByText(/中层干部：2026-11-20 投票，2 个推荐职位/)).toBeInTheDocument();
    expect(within(whole).getByRole('heading', { name: /副总经理/ })).toBeInTheDocument();
    expect(within(whole).getByRole('heading', { name: /总会计师/ })).toBeInTheDocument();
    expect(within(whole).getByText('超出或不足应推荐人数，本职位作无效票，不计票')).toBeInTheDocument();
  });

  it('says the ballots of a vote still open come after 结束投票, and a failed list can be retried', async () => {
    let fail = true;
    mockFetch({
      ...routes(63, () => []),
      [`GET ${API}/votes/turnout`]: () => ({
        body: turnout(63, [
          turnoutRow(9, '中层干部', {
            form_category: 'democratic_recommendation',
            received: 6,
            figures_hidden: true,
          }),
        ]),
      }),
    });
    renderAdmin(<RecommendationRecordsPage />, `${PATH}?company=63`);
    expect(await screen.findByText('暂无可查看的记录，投票进行中的选票在结束投票后列出')).toBeInTheDocument();
    expect(screen.getByText(/中层干部/, { selector: '.ant-alert *' })).toBeInTheDocument();

    mockFetch({
      ...routes(64),
      [`GET ${API}/recommendation-votes/`]: () =>
        fail
          ? { status: 500, body: { detail: '服务器内部错误', code: 'INTERNAL_ERROR' } }
          : { body: { items: ROWS, total: 4 } },
    });
    renderAdmin(<RecommendationRecordsPage />, `${PATH}?company=64`);
    expect(await screen.findByText('获取推荐记录失败')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('推荐：王芳、李强')).toBeInTheDocument();
  });
});

const recommendationGroup = (over: Partial<MeetingVoteType>): MeetingVoteType => ({
  vote_type_id: 21,
  name: '中层干部推荐',
  form_category: 'democratic_recommendation',
  recommendation_mode: 'meeting',
  access_mode: 'link',
  test_mode: false,
  status: 'open',
  count_stage: 'voting',
  deleted_ballots: 0,
  opens_at: null,
  closed_at: null,
  issued: 40,
  expected: 40,
  codes_issued: null,
  voted: 30,
  share: 75,
  vote_url: 'https://kp.example.cn/vote/type/abc',
  qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0h1v1H0z"/></svg>',
  ...over,
});

describe('the meeting screen of a 民主推荐 group', () => {
  const board = (vote_types: MeetingVoteType[]): MeetingBoard => ({
    company: { id: 60, name: '华东能源有限公司' },
    has_public_url: true,
    vote_types,
    all_closed: false,
    all_counted: false,
    not_counted: [],
    shows_summary: false,
    summary: null,
    generated_at: '2026-11-20T02:00:00.000Z',
  });

  it('counts ballots against 应到 with a QR code for 会议推荐 and none for 谈话调研推荐', () => {
    const talk = recommendationGroup({
      vote_type_id: 22,
      name: '谈话调研',
      recommendation_mode: 'talk',
      expected: 12,
      issued: 12,
      voted: 5,
      share: 42,
      vote_url: null,
      qr_svg: null,
    });
    renderRoutes(
      [{ path: '/', element: <Board board={board([recommendationGroup({}), talk])} live /> }],
      '/',
    );
    const meeting = screen.getByRole('region', { name: '中层干部推荐' });
    expect(within(meeting).getByText('民主推荐')).toBeInTheDocument();
    expect(within(meeting).getByRole('img', { name: '中层干部推荐投票二维码' })).toBeInTheDocument();
    expect(within(meeting).getByTestId('voted-21')).toHaveTextContent('30');
    expect(within(meeting).getByTestId('base-21')).toHaveTextContent('/ 应到 40');
    expect(within(meeting).getByTestId('share-21')).toHaveTextContent('75%');

    const room = screen.getByRole('region', { name: '谈话调研' });
    expect(within(room).getByText('谈话调研推荐', { selector: '.kp-mt-family' })).toBeInTheDocument();
    expect(within(room).queryByRole('img')).toBeNull();
    expect(within(room).queryByText('未设置公网地址，无法显示二维码')).toBeNull();
    expect(within(room).getByText(/逐人谈话，由谈话人录入/)).toBeInTheDocument();
    expect(within(room).getByText('已谈话')).toBeInTheDocument();
    expect(within(room).getByTestId('voted-22')).toHaveTextContent('5');
    expect(within(room).getByTestId('base-22')).toHaveTextContent('/ 应到 12');
    expect(screen.getByText('匿名投票 · 本屏只显示投票人数，不显示任何投票内容')).toBeInTheDocument();
  });

  it('says a 谈话调研推荐 group has ended without speaking of phones', () => {
    const talk = recommendationGroup({
      name: '谈话调研',
      recommendation_mode: 'talk',
      status: 'closed',
      count_stage: 'counting',
      vote_url: null,
      qr_svg: null,
    });
    renderRoutes([{ path: '/', element: <Board board={board([talk])} live /> }], '/');
    const room = screen.getByRole('region', { name: '谈话调研' });
    expect(within(room).getByText('谈话调研已结束，计票中')).toBeInTheDocument();
    expect(within(room).queryByText(/手机投票/)).toBeNull();
    expect(within(room).getByTestId('step-21')).toHaveTextContent('投票结束');
  });
});
