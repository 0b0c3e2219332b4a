import { useEffect, useRef } from 'react';
import type { PublicVoteTypeView, SubmissionReceipt } from '@kaoping/contracts/public-vote-types';
import { publicRequest } from '@/lib/api-client';
import type { BallotDraft } from '../lib/voter-store';
import { LoadingPage } from '../status-page';
import { buildBallots } from './ballot-answers';
import { buildSteps } from './ballot-steps';

export interface RecoverReceiptProps {
  view: PublicVoteTypeView;
  voter: string;
  /** The draft as it was when the page opened: it was sent with this (now used) code. */
  draft: BallotDraft & { code: string };
  onReceipt: (receipt: SubmissionReceipt) => void;
  onFailed: () => void;
}

/**
 * This device sent its ballot with a code the server now calls used, but the answer may never have
 * arrived (a dropped connection, then a reload). Sending the same ballot again is safe: the server
 * answers a replay of a stored submission with its receipt, and anything else with a refusal.
 */
export function RecoverReceipt({ view, voter, draft, onReceipt, onFailed }: RecoverReceiptProps) {
  const latest = useRef({ onReceipt, onFailed });
  useEffect(() => {
    latest.current = { onReceipt, onFailed };
  });
  useEffect(() => {
    const ctrl = new AbortController();
    publicRequest<SubmissionReceipt>('/public/polls/votes/', {
      method: 'POST',
      signal: ctrl.signal,
      body: {
        link_id: view.link_id,
        voter_identifier: voter,
        submission_id: draft.submission_id,
        code: draft.code,
        ballots: buildBallots(buildSteps(view), draft.answers),
      },
    }).then(
      (r) => latest.current.onReceipt(r),
      () => {
        if (!ctrl.signal.aborted) latest.current.onFailed();
      },
    );
    return () => ctrl.abort();
  }, [view, voter, draft]);
  return <LoadingPage label="正在确认您的投票…" />;
}
