import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { moveSecretsOutOfQuery } from '@/public/lib/address-secrets';
import { startEarly } from '@/public/vote/early-view';
import { mockFetch } from './render';
import { appraisalView, LINK, renderVotePage, VIEW_PATH } from './vote-test-utils';

const viewCalls = (calls: { method: string; url: URL; headers: Headers }[]) =>
  calls.filter((c) => `${c.method} ${c.url.pathname}` === VIEW_PATH);

describe('the voter page asks for the ballot before it draws', () => {
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

describe('the ballot the server wrote into the page (issue 29)', () => {
  /** The page as the server sends it for an open link: its view in a script element that never runs. */
  function pageWithBallot(view: object) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'kp-ballot';
    script.textContent = JSON.stringify(view);
    document.body.append(script);
    return () => script.remove();
  }

  it('is used as it is for a browser new to the link: the first question without any request', async () => {
    const remove = pageWithBallot(appraisalView());
    try {
      const calls = mockFetch({ [VIEW_PATH]: () => ({ body: appraisalView() }) });
      startEarly(`/vote/type/${LINK}`);
      renderVotePage();
      expect(await screen.findByRole('radiogroup', { name: '总体评价' })).toBeInTheDocument();
      expect(viewCalls(calls)).toHaveLength(0);
    } finally {
      remove();
    }
  });

  it('is not used by a browser that has a voter id for the link (it may have voted): the API says', async () => {
    const remove = pageWithBallot(appraisalView());
    try {
      localStorage.setItem(`kp-voter:${LINK}`, JSON.stringify('0123456789abcdef0123456789abcdef'));
      const calls = mockFetch({ [VIEW_PATH]: () => ({ body: appraisalView({ already_voted: true }) }) });
      startEarly(`/vote/type/${LINK}`);
      renderVotePage();
      expect(await screen.findByRole('heading', { name: '您已完成投票' })).toBeInTheDocument();
      expect(viewCalls(calls).map((c) => c.headers.get('x-voter-id'))).toEqual([
        '0123456789abcdef0123456789abcdef',
      ]);
    } finally {
      remove();
    }
  });

  it("is not used with a slip's code, nor for another link: the API is asked", async () => {
    const remove = pageWithBallot({ ...appraisalView(), link_id: 'another-link' });
    try {
      const calls = mockFetch({ [VIEW_PATH]: () => ({ body: appraisalView() }) });
      startEarly(`/vote/type/${LINK}`);
      renderVotePage();
      expect(await screen.findByRole('radiogroup', { name: '总体评价' })).toBeInTheDocument();
      expect(viewCalls(calls)).toHaveLength(1);
    } finally {
      remove();
    }
    const again = pageWithBallot(appraisalView());
    try {
      localStorage.clear();
      const calls = mockFetch({ [VIEW_PATH]: () => ({ body: appraisalView() }) });
      startEarly(`/vote/type/${LINK}`, { hash: '#code=K7QXM3PD9R' });
      expect(viewCalls(calls).map((c) => c.headers.get('x-ballot-code'))).toEqual(['K7QXM3PD9R']);
    } finally {
      again();
    }
  });
});
