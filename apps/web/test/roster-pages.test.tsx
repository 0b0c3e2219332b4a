import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Cover } from '@kaoping/contracts/cover';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminProviders } from '@/app/admin/admin-providers';
import { CoverCard } from '@/features/covers/components/cover-card';
import VoteTargetsPage from '@/features/vote-targets/components/vote-targets-page';
import VoteTypesPage from '@/features/vote-types/components/vote-types-page';
import { mockFetch, renderAdmin, renderRoutes } from './render';
import './roster-test-utils';
import { voteTypeFixture } from './vote-type-fixture';

// One list for every test: the admin providers share one query cache.
const companies = {
  items: [
    { id: 31, name: '华北电力', created_at: '' },
    { id: 32, name: '西南石油', created_at: '' },
  ],
  total: 2,
};
const voteType = (id: number, name: string, over: Partial<VoteType> = {}): VoteType =>
  voteTypeFixture(id, name, { company_id: 32, weight: 40, ...over });
const dialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('[role="dialog"]')!;

afterEach(() => vi.restoreAllMocks());

describe('vote target management page', () => {
  it('warns to pick a company, with both ballot tabs and empty lists', async () => {
    mockFetch({ 'GET /api/v1/admin/companies/': () => ({ body: companies }) });
    renderAdmin(<VoteTargetsPage />, '/admin/vote-targets');
    expect(screen.getAllByText('请先在页面顶部选择单位').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('tab', { name: '民主测评票' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '民主评议票' })).toBeInTheDocument();
  });

  it('loads the company of the path and shows the subjects on the evaluation tab', async () => {
    const calls = mockFetch({
      'GET /api/v1/admin/companies/': () => ({ body: companies }),
      'GET /api/v1/admin/vote-targets/': () => ({ body: [] }),
      'GET /api/v1/admin/evaluation-subjects/company/31': () => ({ body: [] }),
    });
    renderRoutes(
      [
        {
          path: '/admin/company/:companyId/vote-targets',
          element: (
            <AdminProviders>
              <VoteTargetsPage />
            </AdminProviders>
          ),
        },
      ],
      '/admin/company/31/vote-targets',
    );
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('company_id') === '31')).toBe(true));
    fireEvent.click(screen.getByRole('tab', { name: '民主评议票' }));
    expect(await screen.findByText('添加评议对象', { selector: 'button span' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname.endsWith('/evaluation-subjects/company/31'))).toBe(true),
    );
  });
});

describe('vote type management page', () => {
  it('warns when weights do not add up to 100 and creates a vote type with its weight', async () => {
    const calls = mockFetch({
      'GET /api/v1/admin/companies/': () => ({
        body: { items: [{ id: 32, name: '西南石油', created_at: '' }], total: 1 },
      }),
      'GET /api/v1/admin/vote-types/': () => ({ body: [voteType(1, '班子成员'), voteType(2, '中层干部')] }),
      'POST /api/v1/admin/vote-types/': ({ body }) => ({
        status: 201,
        body: { ...voteType(3, '职工代表'), ...(body as object) },
      }),
    });
    renderAdmin(<VoteTypesPage />, '/admin/vote-types?company=32');
    expect(await screen.findByText('民主测评类投票类型的权重合计为 80%，应为 100%。')).toBeInTheDocument();
    // Links come from the configured public address, never from the admin's own browser address.
    expect(screen.getByText('https://kp.example.cn/vote/type/link1')).toBeInTheDocument();

    fireEvent.click(screen.getByLabelText('二维码：班子成员'));
    const qr = await dialog('班子成员 投票二维码');
    expect(await within(qr).findByText('西南石油 · 班子成员')).toBeInTheDocument();
    expect(within(qr).getByText('下载二维码')).toBeInTheDocument();

    fireEvent.click(screen.getByText('新增投票类型', { selector: 'button span' }));
    const d = await dialog('新增投票类型');
    fireEvent.change(within(d).getByLabelText('名称'), { target: { value: '职工代表' } });
    fireEvent.change(within(d).getByLabelText('权重'), { target: { value: '20' } });
    fireEvent.click(d.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')!);
    expect(await screen.findByText('添加成功')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      company_id: 32,
      name: '职工代表',
      form_category: 'democratic_appraisal',
      weight: 20,
      is_active: true,
      opens_at: null,
      closes_at: null,
      expected_voters: null,
      results_public: false,
      access_mode: 'link',
      // The create dialog starts a new vote type as 先试投票 (issue 24).
      test_mode: true,
      double_entry: false,
    });
  });
});

describe('cover card', () => {
  it('uploads a front cover as multipart, then shows it with its file name', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:cover');
    URL.revokeObjectURL = vi.fn();
    const cover: Cover = {
      id: 5,
      company_id: 33,
      vote_type_id: 7,
      kind: 'front',
      content_type: 'image/png',
      file_name: 'cover.png',
      size: 2048,
      sha256: 'abc',
      created_at: '2025-01-01T00:00:00Z',
      url: '/api/v1/admin/covers/5/file',
      display: { content_type: 'image/webp', size: 900, width: 1, height: 1 },
    };
    const calls = mockFetch({
      'GET /api/v1/admin/covers/33/7': () => ({ body: null }),
      'POST /api/v1/admin/covers/': () => ({ status: 201, body: cover }),
      'GET /api/v1/admin/covers/5/file': () => ({ body: 'png bytes' }),
    });
    const { container } = renderAdmin(<CoverCard companyId={33} voteTypeId={7} kind="front" />);
    expect(await screen.findByText('尚未上传封面，点击或拖拽文件到此处上传')).toBeInTheDocument();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });
    fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [file] } });
    expect(await screen.findByText('封面已上传')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.searchParams.get('company_id')).toBe('33');
    expect(post.url.searchParams.get('vote_type_id')).toBe('7');
    expect((post.body as FormData).get('file')).toBeInstanceOf(File);
    expect(await screen.findByText('cover.png')).toBeInTheDocument();
    expect(await screen.findByAltText('封面预览')).toHaveAttribute('src', 'blob:cover');
  });
});
