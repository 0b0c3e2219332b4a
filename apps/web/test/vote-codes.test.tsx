import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CodeState, PublicVoteTypeView, SubmissionBody } from '@kaoping/contracts/public-vote-types';
import { describe, expect, it } from 'vitest';
import { mockFetch } from './render';
import {
  appraisalView,
  fillAll,
  LINK,
  receiptFor,
  renderVotePage,
  SUBMIT_PATH,
  VIEW_PATH,
} from './vote-test-utils';

const CODE = 'K7QXM3PD9R';
const DRAFT = `kp-vote-draft:${LINK}`;

/** A codes-mode vote type whose codes are in `states` (stored form → state); others are unknown. */
function codesView(states: Record<string, CodeState>, over: Partial<PublicVoteTypeView['vote_type']> = {}) {
  return (code: string | null) => {
    const view = appraisalView({ code_state: code ? (states[code] ?? 'unknown') : null });
    view.vote_type = { ...view.vote_type, access_mode: 'codes', ...over };
    return view;
  };
}

const codeBox = () => screen.getByRole('textbox', { name: '测评码' });

describe('codes mode on the voter page', () => {
  it('asks for the code, forgives case, spaces and dashes, then sends it with the ballot', async () => {
    const view = codesView({ [CODE]: 'usable' });
    const calls = mockFetch({
      [VIEW_PATH]: (req) => ({ body: view(req.headers.get('x-ballot-code')) }),
      [SUBMIT_PATH]: (req) => ({ status: 201, body: receiptFor(req.body as SubmissionBody) }),
    });
    const user = userEvent.setup();
    renderVotePage();
    expect(await screen.findByRole('heading', { name: '请输入测评码' })).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();

    await user.type(codeBox(), ' k7qx m3pd-9r ');
    await user.click(screen.getByRole('button', { name: '开始投票' }));
    expect(await screen.findByRole('radiogroup', { name: '总体评价' })).toBeInTheDocument();
    const asked = calls.filter((c) => c.method === 'GET').map((c) => c.headers.get('x-ballot-code'));
    expect(asked).toEqual([null, CODE]);
    // The code travels in a header, never in a query string (access logs keep those).
    expect(calls.map((c) => c.url.search)).toEqual(['', '']);
    // The code is kept with the draft: a reload without it in the address still votes with it.
    expect(JSON.parse(localStorage.getItem(DRAFT)!).code).toBe(CODE);

    await fillAll(user);
    await user.click(screen.getByRole('button', { name: '提交答卷' }));
    expect(await screen.findByRole('heading', { name: '投票成功' })).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!.body as SubmissionBody;
    expect(post.code).toBe(CODE);
    expect(localStorage.getItem(DRAFT)).toBeNull();
  });

  it('refuses look-alike characters and a wrong length without asking the server', async () => {
    const calls = mockFetch({ [VIEW_PATH]: () => ({ body: codesView({})(null) }) });
    const user = userEvent.setup();
    renderVotePage();
    await screen.findByRole('heading', { name: '请输入测评码' });
    await user.type(codeBox(), 'K7QX-M3PD-90');
    await user.click(screen.getByRole('button', { name: '开始投票' }));
    expect(screen.getByRole('alert')).toHaveTextContent('测评码中没有数字 0、1 和字母 O、I、L');
    await user.clear(codeBox());
    await user.type(codeBox(), 'K7QX');
    await user.click(screen.getByRole('button', { name: '开始投票' }));
    expect(screen.getByRole('alert')).toHaveTextContent('测评码为 10 位字母和数字');
    expect(calls).toHaveLength(1);
  });

  it('says an unknown code is invalid and lets the voter type it again', async () => {
    const view = codesView({ [CODE]: 'usable' });
    mockFetch({ [VIEW_PATH]: (req) => ({ body: view(req.headers.get('x-ballot-code')) }) });
    const user = userEvent.setup();
    const { router } = renderVotePage('#code=ABCD-EFGH-JK');
    expect(await screen.findByRole('alert')).toHaveTextContent('测评码无效，请核对后重新输入');
    expect(codeBox()).toHaveValue('ABCD-EFGH-JK');
    await user.clear(codeBox());
    await user.type(codeBox(), CODE);
    await user.click(screen.getByRole('button', { name: '开始投票' }));
    expect(await screen.findByRole('radiogroup', { name: '总体评价' })).toBeInTheDocument();
    // The typed code is kept in the fragment, for a reload, never in the query.
    expect(router.state.location).toMatchObject({ search: '', hash: '#code=K7QX-M3PD-9R' });
  });

  it("reads an old slip's ?code= and moves it out of the query, so a reload does not send it", async () => {
    const view = codesView({ [CODE]: 'usable' });
    const calls = mockFetch({ [VIEW_PATH]: (req) => ({ body: view(req.headers.get('x-ballot-code')) }) });
    const { router } = renderVotePage('?code=K7QX-M3PD-9R');
    expect(await screen.findByRole('radiogroup', { name: '总体评价' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.hash).toBe('#code=K7QX-M3PD-9R');
    expect(calls.map((c) => [c.url.search, c.headers.get('x-ballot-code')])).toEqual([['', CODE]]);
  });

  it.each([
    ['used', '该测评码已使用'],
    ['voided', '该测评码已作废'],
  ] as const)('a %s code from a slip gets its own page before the ballot starts', async (state, title) => {
    const view = codesView({ [CODE]: state });
    mockFetch({ [VIEW_PATH]: (req) => ({ body: view(req.headers.get('x-ballot-code')) }) });
    const user = userEvent.setup();
    renderVotePage(`#code=K7QX-M3PD-9R`);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText('华东能源集团 · 中层干部')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '输入其他测评码' }));
    expect(await screen.findByRole('heading', { name: '请输入测评码' })).toBeInTheDocument();
    expect(codeBox()).toHaveValue('');
  });

  it('a closed vote type says it has ended, whatever the code', async () => {
    const view = codesView({ [CODE]: 'usable' }, { status: 'closed' });
    mockFetch({
      [VIEW_PATH]: (req) => ({ body: { ...view(req.headers.get('x-ballot-code')), ready: false } }),
    });
    renderVotePage(`#code=${CODE}`);
    expect(await screen.findByRole('heading', { name: '投票已结束' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows the 试投票 banner on a vote type in test mode', async () => {
    const view = codesView({ [CODE]: 'usable' }, { test_mode: true });
    mockFetch({ [VIEW_PATH]: (req) => ({ body: view(req.headers.get('x-ballot-code')) }) });
    renderVotePage(`#code=${CODE}`);
    await screen.findByRole('radiogroup', { name: '总体评价' });
    expect(screen.getByRole('note')).toHaveTextContent('试投票本次为演练，答卷不计入正式结果');
  });

  it('a code voided while the voter fills in the ballot ends on the voided page, with no answers kept', async () => {
    const states: Record<string, CodeState> = { [CODE]: 'usable' };
    const view = codesView(states);
    mockFetch({
      [VIEW_PATH]: (req) => ({ body: view(req.headers.get('x-ballot-code')) }),
      [SUBMIT_PATH]: () => {
        states[CODE] = 'voided';
        return { status: 403, body: { detail: '该测评码已作废', code: 'CODE_VOIDED' } };
      },
    });
    const user = userEvent.setup();
    renderVotePage(`#code=${CODE}`);
    await screen.findByRole('radiogroup', { name: '总体评价' });
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: '提交答卷' }));
    expect(await screen.findByRole('heading', { name: '该测评码已作废' })).toBeInTheDocument();
    expect(localStorage.getItem(DRAFT)).toBeNull();
  });

  it('a ballot sent before a lost answer and a reload gets its receipt back instead of "used"', async () => {
    const view = codesView({ [CODE]: 'used' });
    const draft = {
      v: 1,
      submission_id: '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9',
      answers: {},
      step: 3,
      started: true,
      reviewed: true,
      code: CODE,
      sent: true,
    };
    localStorage.setItem(DRAFT, JSON.stringify(draft));
    const calls = mockFetch({
      [VIEW_PATH]: (req) => ({ body: view(req.headers.get('x-ballot-code')) }),
      [SUBMIT_PATH]: (req) => ({ status: 201, body: receiptFor(req.body as SubmissionBody) }),
    });
    renderVotePage(`#code=${CODE}`);
    expect(await screen.findByRole('heading', { name: '投票成功' })).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!.body as SubmissionBody;
    expect(post).toMatchObject({ submission_id: draft.submission_id, code: CODE });
    expect(localStorage.getItem(DRAFT)).toBeNull();
  });

  it('lets the next voter on a shared device type their own code after a ballot', async () => {
    const view = codesView({ [CODE]: 'usable' });
    mockFetch({
      [VIEW_PATH]: (req) => ({ body: view(req.headers.get('x-ballot-code')) }),
      [SUBMIT_PATH]: (req) => ({ status: 201, body: receiptFor(req.body as SubmissionBody) }),
    });
    // A receipt kept from an earlier voter on this device does not stop the next one.
    localStorage.setItem(
      `kp-vote-receipt:${LINK}`,
      JSON.stringify({ receipt_id: 'rcpt_earlier_voter_0001' }),
    );
    const user = userEvent.setup();
    const { router } = renderVotePage(`#code=${CODE}`);
    await screen.findByRole('radiogroup', { name: '总体评价' });
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: '提交答卷' }));
    // The used code left the address with the ballot; the receipt id took its place, in the fragment.
    await screen.findByRole('heading', { name: '投票成功' });
    expect(router.state.location.search).toBe('');
    expect(router.state.location.hash).toMatch(/^#receipt=/);
    await user.click(await screen.findByRole('button', { name: '下一位投票人：输入新的测评码' }));
    expect(await screen.findByRole('heading', { name: '请输入测评码' })).toBeInTheDocument();
    expect(codeBox()).toHaveValue('');
  });
});
