import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { moveSecretsOutOfQuery } from '@/public/lib/address-secrets';
import { startEarly } from '@/public/vote/early-view';
import { mockFetch } from './render';
import { appraisalView, LINK, renderVotePage, VIEW_PATH } from './vote-test-utils';

const viewCalls = (calls: { method: string; url: URL; headers: Headers }[]) =>
  calls.filter((c) => `${c.method} ${c.url.pathname}` === VIEW_PATH);

describe('vote.html asks for the ballot before the app has loaded', () => {
  it('hands the page the answer it already asked for: one request, not two', async () => {
    const calls = mockFetch({ [VIEW_PATH]: () => ({ body: appraisalView() }) });
    startEarly(`/vote/type/${LINK}`);
    expect(viewCalls(calls)).toHaveLength(1);
    renderVotePage();
    expect(await screen.findByRole('radiogroup', { name: '总体评价' })).toBeInTheDocument();
    expect(viewCalls(calls)).toHaveLength(1);
    // The voter id goes in a header, never in the query string (access logs keep query strings).
    expect(calls[0]!.headers.get('x-voter-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(calls[0]!.url.search).toBe('');
  });

  it('asks again when the page opens later (a reload on the page), and leaves other addresses alone', async () => {
    const calls = mockFetch({ [VIEW_PATH]: () => ({ body: appraisalView() }) });
    startEarly('/vote/result/abc');
    startEarly('/admin/covers');
    expect(calls).toHaveLength(0);
    const first = renderVotePage();
    await screen.findByRole('radiogroup', { name: '总体评价' });
    first.unmount();
    renderVotePage();
    await screen.findByRole('radiogroup', { name: '总体评价' });
    expect(viewCalls(calls)).toHaveLength(2);
  });

  it("asks with the code of a slip's QR address, and the page takes that answer when the code matches", async () => {
    const code = 'K7QXM3PD9R';
    const calls = mockFetch({
      [VIEW_PATH]: (req) => {
        const view = appraisalView({
          code_state: req.headers.get('x-ballot-code') === code ? 'usable' : 'unknown',
        });
        view.vote_type = { ...view.vote_type, access_mode: 'codes' };
        return { body: view };
      },
    });
    startEarly(`/vote/type/${LINK}`, { hash: '#code=k7qx-m3pd-9r' });
    expect(viewCalls(calls).map((c) => c.headers.get('x-ballot-code'))).toEqual([code]);
    expect(viewCalls(calls)[0]!.url.search).toBe('');
    renderVotePage('#code=K7QX-M3PD-9R');
    expect(await screen.findByRole('radiogroup', { name: '总体评价' })).toBeInTheDocument();
    expect(viewCalls(calls)).toHaveLength(1);
  });

  it('does not hand an answer asked with one code to a page holding another', async () => {
    const calls = mockFetch({
      [VIEW_PATH]: (req) => {
        const view = appraisalView({ code_state: req.headers.get('x-ballot-code') ? 'usable' : null });
        view.vote_type = { ...view.vote_type, access_mode: 'codes' };
        return { body: view };
      },
    });
    startEarly(`/vote/type/${LINK}`, { hash: '#code=K7QXM3PD9R' });
    renderVotePage('#code=M3PDK7QX9R');
    expect(await screen.findByRole('radiogroup', { name: '总体评价' })).toBeInTheDocument();
    expect(viewCalls(calls).map((c) => c.headers.get('x-ballot-code'))).toEqual(['K7QXM3PD9R', 'M3PDK7QX9R']);
  });

  it("moves an old slip's ?code= out of the address before asking, and asks with it in a header", async () => {
    const calls = mockFetch({ [VIEW_PATH]: () => ({ body: appraisalView() }) });
    window.history.replaceState(null, '', `/vote/type/${LINK}?from=qr&code=K7QX-M3PD-9R`);
    moveSecretsOutOfQuery();
    expect(window.location.search).toBe('?from=qr');
    expect(window.location.hash).toBe('#code=K7QX-M3PD-9R');
    startEarly(window.location.pathname, window.location);
    expect(viewCalls(calls).map((c) => [c.url.search, c.headers.get('x-ballot-code')])).toEqual([
      ['', 'K7QXM3PD9R'],
    ]);
    window.history.replaceState(null, '', '/');
  });
});
