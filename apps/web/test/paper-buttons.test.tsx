import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import VoteTypesPage from '@/features/vote-types/components/vote-types-page';
import { mockFetch, renderAdmin } from './render';
import { voteTypeFixture } from './vote-type-fixture';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });

const API = '/api/v1/admin';
// The admin providers share one query cache across tests: every test has a company of its own.
let cid = 900;

const voteType = (id: number, name: string, over: Partial<VoteType> = {}): VoteType =>
  voteTypeFixture(id, name, { company_id: cid, expected_voters: 45, access_mode: 'codes', ...over });

function renderPage(rows: VoteType[], extra: Parameters<typeof mockFetch>[0] = {}) {
  const calls = mockFetch({
    [`GET ${API}/companies/`]: () => ({
      body: { items: [{ id: cid, name: '华中建工', created_at: '' }], total: 1 },
    }),
    [`GET ${API}/vote-types/`]: () => ({ body: rows }),
    [`GET ${API}/settings`]: () => ({
      body: { public_url: 'https://kp.example.cn', public_url_source: 'settings' },
    }),
    ...extra,
  });
  const { router } = renderAdmin(<VoteTypesPage />, `/admin/vote-types?company=${cid}`);
  return Object.assign(calls, { router });
}

/** Answers the PDF path with bytes and a Chinese file name; everything else as JSON. */
function servePdf(calls: ReturnType<typeof mockFetch>) {
  const json = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (!url.pathname.endsWith('/paper.pdf')) return json(input, init);
    calls.push({ method: 'GET', url, body: undefined, headers: new Headers(init?.headers) });
    return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('班子成员-纸质选票.pdf')}`,
      },
    });
  }) as typeof fetch;
}

const row = (name: string) => screen.getByText(name, { selector: 'strong' }).closest('tr')!;
const dialog = async (title: string) =>
  (await screen.findAllByText(title, { selector: '.ant-modal-title' }))
    .at(-1)!
    .closest<HTMLElement>('.ant-modal')!;

beforeEach(() => {
  cid += 1;
  localStorage.setItem('access_token', 'token-of-admin');
  URL.createObjectURL = vi.fn(() => 'blob:file');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('paper ballots from the vote types page', () => {
  it('prints N sheets with codes: the PDF is fetched with the token and saved under its name', async () => {
    const calls = renderPage([voteType(1, '班子成员')]);
    servePdf(calls);
    await screen.findByText('班子成员', { selector: 'strong' });
    fireEvent.click(within(row('班子成员')).getByRole('button', { name: '打印纸质选票：班子成员' }));
    const d = await dialog('打印纸质选票：班子成员');
    expect(within(d).getByLabelText('打印份数')).toHaveValue('45');
    expect(d).toHaveTextContent('将新发放 45 个测评码');
    fireEvent.change(within(d).getByLabelText('打印份数'), { target: { value: '40' } });
    fireEvent.click(within(d).getByRole('button', { name: '下载 PDF' }));
    expect(await screen.findByText('已下载 班子成员-纸质选票.pdf')).toBeInTheDocument();
    const pdf = calls.find((c) => c.url.pathname === `${API}/vote-types/1/paper.pdf`)!;
    expect(Object.fromEntries(pdf.url.searchParams)).toEqual({ copies: '40' });
    expect(pdf.headers.get('authorization')).toBe('Bearer token-of-admin');
  });

  it('prints blank forms on request in codes mode', async () => {
    const calls = renderPage([voteType(1, '班子成员')]);
    servePdf(calls);
    await screen.findByText('班子成员', { selector: 'strong' });
    fireEvent.click(within(row('班子成员')).getByRole('button', { name: '打印纸质选票：班子成员' }));
    const d = await dialog('打印纸质选票：班子成员');
    fireEvent.click(within(d).getByRole('checkbox', { name: '打印空白表（不含测评码）' }));
    expect(d).toHaveTextContent('空白表不含测评码');
    fireEvent.click(within(d).getByRole('button', { name: '下载 PDF' }));
    await screen.findByText('已下载 班子成员-纸质选票.pdf');
    const [codes] = calls.filter((c) => c.url.pathname.endsWith('/paper.pdf'));
    expect(codes!.url.searchParams.get('blank')).toBe('1');
  });

  it('in link mode prints numbered sheets and says which numbers before and after the print', async () => {
    const printedYet = () => calls.some((c) => c.url.pathname.endsWith('/paper.pdf'));
    const counts = () => ({ paper: 3, online: 0, pending: 0, conflict: 0, printed: 150, unkeyed: 147 });
    const calls = renderPage([voteType(2, '职工代表', { access_mode: 'link' })], {
      [`GET ${API}/vote-types/2/paper/sheets`]: () => ({
        body: {
          items: [],
          total: 0,
          counts: printedYet()
            ? { ...counts(), printed: 195, unkeyed: 192, last_number: 195 }
            : { ...counts(), last_number: 150 },
        },
      }),
    });
    servePdf(calls);
    await screen.findByText('职工代表', { selector: 'strong' });
    fireEvent.click(within(row('职工代表')).getByRole('button', { name: '打印纸质选票：职工代表' }));
    const d = await dialog('打印纸质选票：职工代表');
    await waitFor(() => expect(d).toHaveTextContent('本次打印编号 151–195，共 45 份'));
    expect(d).toHaveTextContent('编号接着已打印的 1–150 往后排');
    fireEvent.click(within(d).getByRole('button', { name: '下载 PDF' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/paper.pdf'))).toBe(true));
    const [link] = calls.filter((c) => c.url.pathname.endsWith('/paper.pdf'));
    expect(Object.fromEntries(link!.url.searchParams)).toEqual({ copies: '45' });
    // The dialog stays open and names the run's numbers.
    await waitFor(() => expect(d).toHaveTextContent('已打印编号 151–195，共 45 份'));
    const done = d.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')!;
    expect(done.textContent?.replace(/\s/g, '')).toBe('完成');
  });

  it('for 谈话调研推荐 prints numbered record forms and says a 谈话序号 needs no print', async () => {
    const calls = renderPage(
      [
        voteType(3, '谈话调研', {
          access_mode: 'link',
          form_category: 'democratic_recommendation',
          recommendation_mode: 'talk',
        }),
      ],
      {
        [`GET ${API}/vote-types/3/paper/sheets`]: () => ({
          body: {
            items: [],
            total: 0,
            counts: { paper: 2, online: 0, pending: 0, conflict: 0, printed: 0, unkeyed: 0, last_number: 0 },
          },
        }),
      },
    );
    servePdf(calls);
    await screen.findByText('谈话调研', { selector: 'strong' });
    fireEvent.click(within(row('谈话调研')).getByRole('button', { name: '打印谈话记录表：谈话调研' }));
    const d = await dialog('打印谈话记录表：谈话调研');
    await waitFor(() => expect(d).toHaveTextContent('本次打印编号 1–45，共 45 份'));
    expect(d).toHaveTextContent('可用作谈话记录表');
    expect(d).toHaveTextContent('可直接用作该次谈话的谈话序号');
    expect(d).toHaveTextContent('不要求打印过编号');
    // What is false for talk records is not said.
    expect(d).not.toHaveTextContent('只接受打印过的编号');
    expect(d).not.toHaveTextContent('投票人在纸上划圈');
    fireEvent.click(within(d).getByLabelText('打印空白表（不含编号）'));
    expect(d).toHaveTextContent('谈话人员可在“编号”处写上谈话序号');
    expect(d).not.toHaveTextContent('不能录入');
  });

  it('opens the entry screen of a vote type', async () => {
    const { router } = renderPage([voteType(1, '班子成员')]);
    await screen.findByText('班子成员', { selector: 'strong' });
    fireEvent.click(within(row('班子成员')).getByRole('button', { name: '纸质票录入：班子成员' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/vote-types/1/paper'));
    expect(router.state.location.search).toBe(`?company=${cid}`);
  });

  it('turns 双人录入核对 on in the vote type settings', async () => {
    const calls = renderPage([voteType(1, '班子成员')], {
      [`PUT ${API}/vote-types/1`]: ({ body }) => ({
        body: { ...voteType(1, '班子成员'), ...(body as object) },
      }),
    });
    await screen.findByText('班子成员', { selector: 'strong' });
    fireEvent.click(within(row('班子成员')).getByRole('button', { name: /编\s*辑/ }));
    const d = await dialog('编辑投票类型');
    const toggle = within(d).getByRole('switch', { name: '双人录入核对' });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    fireEvent.click(d.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')!);
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ double_entry: true });
  });
});
