import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cover } from '@kaoping/contracts/cover';
import { describe, expect, it, vi } from 'vitest';
import { CoverCard } from '@/features/covers/components/cover-card';
import { mockFetch, renderAdmin } from './render';
import './roster-test-utils';

const cover = (over: Partial<Cover> = {}): Cover => ({
  id: 5,
  company_id: 33,
  vote_type_id: 7,
  kind: 'front',
  content_type: 'image/png',
  file_name: '大会说明.png',
  size: 3 * 1024 * 1024,
  sha256: 'abc',
  created_at: '2025-01-01T00:00:00Z',
  url: '/api/v1/admin/covers/5/file',
  display: { content_type: 'image/webp', size: 180 * 1024, width: 1600, height: 1067 },
  ...over,
});

const others = [
  { id: 8, name: '中层干部' },
  { id: 9, name: '职工代表' },
];

describe('covers page: one cover for every vote type of the unit', () => {
  it('says how many vote types, and which, will get the cover, then applies it in one call', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:cover');
    URL.revokeObjectURL = vi.fn();
    const calls = mockFetch({
      'GET /api/v1/admin/covers/33/7': () => ({ body: cover() }),
      'GET /api/v1/admin/covers/5/file': () => ({ body: 'png bytes' }),
      'POST /api/v1/admin/covers/apply-to-all': () => ({ body: { count: 2 } }),
    });
    const user = userEvent.setup();
    renderAdmin(<CoverCard companyId={33} voteTypeId={7} kind="front" others={others} />);
    expect(await screen.findByText('手机适配图 1600×1067，180 KB')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /应用到全部投票类型/ }));
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('将此封面应用到本单位其余 2 个投票类型？')).toBeInTheDocument();
    expect(confirm).toHaveTextContent('“中层干部”、“职工代表”将使用此封面，它们现有的封面会被替换。');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(confirm).getByRole('button', { name: /全部应用/ }));
    expect(await screen.findByText('已将封面应用到 2 个投票类型')).toBeInTheDocument();
    const post = calls.filter((c) => c.method === 'POST');
    expect(post).toHaveLength(1);
    expect(Object.fromEntries(post[0]!.url.searchParams)).toEqual({
      company_id: '33',
      vote_type_id: '7',
      kind: 'front',
    });
    // The other vote types' covers are read again.
    await waitFor(() =>
      expect(calls.filter((c) => c.url.pathname === '/api/v1/admin/covers/33/7').length).toBe(2),
    );
  });

  it('offers nothing to apply when the unit has no other vote type, and shows the server’s refusal', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:cover');
    URL.revokeObjectURL = vi.fn();
    mockFetch({
      'GET /api/v1/admin/covers/33/7': () => ({ body: cover() }),
      'GET /api/v1/admin/covers/5/file': () => ({ body: 'png bytes' }),
    });
    const first = renderAdmin(<CoverCard companyId={33} voteTypeId={7} kind="front" />);
    expect(await screen.findByText('大会说明.png')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /应用到全部投票类型/ })).not.toBeInTheDocument();
    first.unmount();

    mockFetch({
      'GET /api/v1/admin/covers/33/7': () => ({ body: cover() }),
      'GET /api/v1/admin/covers/5/file': () => ({ body: 'png bytes' }),
      'POST /api/v1/admin/covers/apply-to-all': () => ({
        status: 404,
        body: { detail: '该投票类型尚未上传封面' },
      }),
    });
    const user = userEvent.setup();
    renderAdmin(<CoverCard companyId={33} voteTypeId={7} kind="front" others={others} />);
    await user.click(await screen.findByRole('button', { name: /应用到全部投票类型/ }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: /全部应用/ }));
    expect(await screen.findByText('该投票类型尚未上传封面')).toBeInTheDocument();
  });

  it('tells the admin that a PDF reaches phones only when a voter opens it', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:cover');
    URL.revokeObjectURL = vi.fn();
    mockFetch({
      'GET /api/v1/admin/covers/33/17': () => ({
        body: cover({
          content_type: 'application/pdf',
          file_name: '须知.pdf',
          display: null,
          vote_type_id: 17,
        }),
      }),
      'GET /api/v1/admin/covers/5/file': () => ({ body: 'pdf bytes' }),
    });
    renderAdmin(<CoverCard companyId={33} voteTypeId={17} kind="front" />);
    expect(await screen.findByText('PDF 原文件，点击后才下载（3.0 MB）')).toBeInTheDocument();
  });
});
