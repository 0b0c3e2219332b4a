import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { PUBLIC_VOTE_DETAILS, type SubmissionReceipt } from '@kaoping/contracts/public-vote-types';
import type { ApiError } from '@/lib/api-client';
import { useFragment } from '../lib/use-fragment';
import { clearDraft, loadDraft, loadReceiptId, rememberReceiptId } from '../lib/voter-store';
import { LoadingPage } from '../status-page';
import { BallotFlow } from './ballot-flow';
import { CodeEntryPage } from './code-entry-page';
import { CodeRefusedPage } from './code-refused-page';
import { DoneView } from './done-view';
import { RecoverReceipt } from './recover-receipt';
import { useVoterCode } from './use-voter-code';
import { useVoteType } from './use-vote-type';
import { FullPage, LoadErrorPage, VoteTypeStatusPage } from './vote-status';

/** /vote/type/{linkId}[#code=]: the ballot of one vote type, from the QR code to the receipt. */
export default function VoteTypePage() {
  const { linkId = '' } = useParams();
  return <VoteType key={linkId} linkId={linkId} />;
}

function VoteType({ linkId }: { linkId: string }) {
  const voterCode = useVoterCode(linkId);
  const { code } = voterCode;
  const { loading, view, viewCode, error, checking, voter, reload, retry } = useVoteType(linkId, code);
  // Only the receipt id outlives a ballot on this device; the receipt itself is read from the server.
  const [keptReceiptId] = useState(() => loadReceiptId(linkId));
  // The draft as the page found it, for a ballot sent with a code whose answer never arrived.
  const [sentDraft] = useState(() => {
    const d = loadDraft(linkId);
    return d?.sent && d.code ? { ...d, code: d.code } : null;
  });
  // After a ballot the address says #receipt={id} (in the fragment, never sent to the server): a reload
  // shows the same success page, when it is the receipt this device kept for this link (never a choice; a
  // shared address opens the link as usual).
  const [params, setParams] = useFragment();
  const addressReceipt = params.get('receipt');
  const reloadedReceipt = addressReceipt && addressReceipt === keptReceiptId ? addressReceipt : null;
  const [recovery, setRecovery] = useState<'pending' | 'failed'>('pending');
  const [receipt, setReceipt] = useState<SubmissionReceipt | null>(null);
  const [capReached, setCapReached] = useState(false);
  const [votedWithoutReceipt, setVotedWithoutReceipt] = useState(false);
  const codes = view?.vote_type.access_mode === 'codes';
  const linkVoted = !codes && (!!keptReceiptId || votedWithoutReceipt || !!view?.already_voted);
  const codeSpent =
    codes && viewCode === code && (view?.code_state === 'used' || view?.code_state === 'voided');

  useEffect(() => {
    if (view) document.title = `${view.vote_type.name} · ${view.company.name}`;
  }, [view]);

  // A ballot the server already holds, or a code that can no longer vote, needs no draft: leave no
  // answers behind on a shared phone.
  useEffect(() => {
    if (linkVoted || codeSpent) clearDraft(linkId);
  }, [linkVoted, codeSpent, linkId]);

  if (receipt || reloadedReceipt) {
    return (
      <DoneView
        fresh
        receipt={receipt}
        receiptId={reloadedReceipt}
        backCover={view?.covers.back}
        onNextVoter={
          codes
            ? () => {
                setReceipt(null);
                voterCode.clear();
              }
            : undefined
        }
      />
    );
  }
  if (capReached)
    return <FullPage where={view ? `${view.company.name} · ${view.vote_type.name}` : undefined} />;
  if (loading) return <LoadingPage label="正在打开投票…" />;
  if (!view) {
    // Offline, but this device voted here before: say so rather than "no network".
    if (keptReceiptId) return <DoneView fresh={false} receipt={null} receiptId={keptReceiptId} />;
    return <LoadErrorPage error={error} onRetry={retry} />;
  }
  if (linkVoted) return <DoneView fresh={false} receipt={null} receiptId={keptReceiptId} />;
  if (view.vote_type.status !== 'open' || !view.ready) return <VoteTypeStatusPage view={view} />;

  const onSubmitted = (r: SubmissionReceipt) => {
    rememberReceiptId(linkId, r.receipt_id);
    clearDraft(linkId);
    setReceipt(r);
    // The used code leaves the address with the ballot; the receipt id takes its place.
    setParams({ receipt: r.receipt_id });
    window.scrollTo(0, 0);
  };

  const onRefusal = async ({ code: refused }: ApiError) => {
    if (refused === 'CAP_REACHED') {
      clearDraft(linkId);
      setCapReached(true);
      return true;
    }
    // Closed meanwhile, the code used or voided, or this voter already voted: the page read again says
    // which, and shows it.
    const fresher = await reload();
    if (!fresher) return false;
    if (fresher.vote_type.status !== 'open' || !fresher.ready) return true;
    if (fresher.vote_type.access_mode === 'codes') return fresher.code_state !== 'usable';
    if (fresher.already_voted) return true;
    if (refused === 'ALREADY_VOTED') {
      setVotedWithoutReceipt(true);
      return true;
    }
    return false;
  };

  if (codes) {
    const entryError = checking
      ? undefined
      : error && viewCode !== code
        ? '网络异常，暂时无法核对测评码，请检查网络后重试'
        : code === null
          ? voterCode.refused?.detail
          : view.code_state === 'unknown'
            ? PUBLIC_VOTE_DETAILS.codeUnknown
            : undefined;
    if (checking || code === null || viewCode !== code || view.code_state === 'unknown') {
      return (
        <CodeEntryPage
          view={view}
          initial={voterCode.shown}
          error={entryError}
          checking={checking}
          onSubmit={voterCode.set}
        />
      );
    }
    if (view.code_state === 'used' && sentDraft?.code === code && recovery === 'pending') {
      return (
        <RecoverReceipt
          view={view}
          voter={voter}
          draft={sentDraft}
          onReceipt={onSubmitted}
          onFailed={() => setRecovery('failed')}
        />
      );
    }
    if (view.code_state === 'used' || view.code_state === 'voided') {
      return (
        <CodeRefusedPage
          view={view}
          state={view.code_state}
          receiptId={keptReceiptId}
          onOtherCode={voterCode.clear}
        />
      );
    }
  }

  return (
    <BallotFlow
      view={view}
      voter={voter}
      code={codes ? code : null}
      onSubmitted={onSubmitted}
      onRefusal={onRefusal}
      onReload={() => void reload()}
    />
  );
}
