import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from './render';
import { appraisalView, LINK, renderVotePage, VIEW_PATH } from './vote-test-utils';

const draftOf = () => JSON.parse(localStorage.getItem(`kp-vote-draft:${LINK}`) ?? 'null');

describe('the unfinished ballot is kept in the browser', () => {
  it('restores answers and the current step after the page is opened again', async () => {
    mockFetch({ [VIEW_PATH]: () => ({ body: appraisalView() }) });
    const user = userEvent.setup();
    const first = renderVotePage();
    await screen.findByRole('heading', { name: /华东能源集团/, level: 2 });
    await user.click(
      within(screen.getByRole('radiogroup', { name: '总体评价' })).getByRole('radio', { name: '较好' }),
    );
    await user.click(screen.getByRole('button', { name: '下一项' }));
    await screen.findByRole('heading', { name: /张三/ });
    await user.click(
      within(screen.getByRole('radiogroup', { name: '履职能力' })).getByRole('radio', { name: '较好' }),
    );
    const kept = draftOf();
    expect(kept.step).toBe(1);
    expect(kept.submission_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );

    // A reload or a closed tab: the page is built again from nothing but localStorage.
    first.unmount();
    renderVotePage();
    await screen.findByRole('heading', { name: /张三/ });
    expect(
      within(screen.getByRole('radiogroup', { name: '履职能力' })).getByRole('radio', { name: '较好' }),
    ).toBeChecked();
    await user.click(screen.getByRole('button', { name: '上一项' }));
    expect(
      within(screen.getByRole('radiogroup', { name: '总体评价' })).getByRole('radio', { name: '较好' }),
    ).toBeChecked();
    expect(draftOf().submission_id).toBe(kept.submission_id);
  });

  it('asks with one random voter identifier per link, made once and kept', async () => {
    const calls = mockFetch({ [VIEW_PATH]: () => ({ body: appraisalView() }) });
    const first = renderVotePage();
    await screen.findByRole('heading', { name: /华东能源集团/, level: 2 });
    first.unmount();
    renderVotePage();
    await screen.findByRole('heading', { name: /华东能源集团/, level: 2 });
    // In a header, never in the query string, which access logs keep.
    const ids = calls.map((c) => c.headers.get('x-voter-id'));
    expect(calls.map((c) => c.url.search)).toEqual(['', '']);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(ids[1]).toBe(ids[0]);
  });

  it('shows the front cover first and starts the ballot from it', async () => {
    const cover = {
      url: `/api/v1/public/polls/vote-type/${LINK}/cover/front`,
      content_type: 'image/webp',
      sha256: 'ab'.repeat(32),
      size: 48_000,
      width: 1600,
      height: 1200,
    };
    mockFetch({ [VIEW_PATH]: () => ({ body: appraisalView({ covers: { front: cover, back: null } }) }) });
    const user = userEvent.setup();
    renderVotePage();
    expect(await screen.findByRole('img', { name: '封面' })).toHaveAttribute(
      'src',
      expect.stringContaining(cover.url),
    );
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '开始投票' }));
    expect(screen.getByRole('radiogroup', { name: '总体评价' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /第 1 项，共 3 项/ })).toHaveTextContent('1/3');
    expect(draftOf().started).toBe(true);
  });
});

describe('a PDF cover', () => {
  it('is not downloaded by the page: the voter sees its size and opens it if they want', async () => {
    const cover = {
      url: `/api/v1/public/polls/vote-type/${LINK}/cover/front`,
      content_type: 'application/pdf',
      sha256: 'cd'.repeat(32),
      size: Math.round(2.3 * 1024 * 1024),
      width: null,
      height: null,
    };
    const calls = mockFetch({
      [VIEW_PATH]: () => ({ body: appraisalView({ covers: { front: cover, back: null } }) }),
    });
    renderVotePage();
    const open = await screen.findByRole('link', { name: '在新窗口中打开封面（PDF）' });
    expect(open).toHaveAttribute('href', expect.stringContaining(cover.url));
    expect(open).toHaveAttribute('target', '_blank');
    expect(screen.getByText('封面为 PDF 文件（2.3 MB），点击后才会下载。')).toBeInTheDocument();
    expect(document.querySelector('object, embed, iframe')).toBeNull();
    expect(calls.filter((c) => c.url.pathname.includes('/cover/'))).toHaveLength(0);
    expect(screen.getByRole('button', { name: '开始投票' })).toBeInTheDocument();
  });
});
