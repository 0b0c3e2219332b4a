import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import ReceiptLookupPage from '@/public/vote/receipt-lookup-page';
import { mockFetch, renderRoutes } from './render';
import { LINK, receiptFor } from './vote-test-utils';

// Issue 26: the receipt code being looked up is kept in the page address's fragment (#code=), which a
// browser never sends; an old /vote/result?code= is read and moved there.

const LOOKUP = 'GET /api/v1/public/polls/receipts/K7QX-M3PD';
const receipt = receiptFor({
  link_id: LINK,
  voter_identifier: 'v',
  submission_id: randomUUID(),
  ballots: [],
});
const lookup = (address: string) =>
  renderRoutes([{ path: '/vote/result', element: <ReceiptLookupPage /> }], `/vote/result${address}`);

describe('/vote/result: looking a receipt up by its code', () => {
  it('keeps the typed code in the fragment, so a reload shows the receipt without sending the code', async () => {
    const calls = mockFetch({ [LOOKUP]: () => ({ body: receipt }) });
    const user = userEvent.setup();
    const { router } = lookup('');
    await user.type(screen.getByRole('textbox', { name: '回执码' }), 'k7qx m3pd');
    await user.click(screen.getByRole('button', { name: '查询回执' }));
    expect(await screen.findByRole('heading', { name: '投票回执' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ search: '', hash: '#code=K7QX-M3PD' });
    expect(calls.map((c) => c.url.search)).toEqual(['']);
  });

  it('opens a receipt from #code=, and moves an old ?code= there', async () => {
    mockFetch({ [LOOKUP]: () => ({ body: receipt }) });
    const first = lookup('#code=K7QX-M3PD');
    expect(await screen.findByRole('heading', { name: '投票回执' })).toBeInTheDocument();
    first.unmount();
    const { router } = lookup('?code=K7QX-M3PD');
    expect(await screen.findByRole('heading', { name: '投票回执' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.hash).toBe('#code=K7QX-M3PD');
  });
});
