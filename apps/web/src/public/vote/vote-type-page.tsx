import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { PUBLIC_VOTE_DETAILS, type SubmissionReceipt } from '@kaoping/contracts/public-vote-types';
import { clearDraft, loadReceipt, rememberReceipt } from '../lib/voter-store';
import { LoadingPage } from '../status-page';
import { BallotFlow } from './ballot-flow';
import { DoneView } from './done-view';
import { useVoteType } from './use-vote-type';
import { LoadErrorPage, VoteTypeStatusPage } from './vote-status';

/** /vote/type/{linkId}: the ballot of one vote type, from the QR code to the receipt. */
export default function VoteTypePage() {
  const { linkId = '' } = useParams();
  return <VoteType key={linkId} linkId={linkId} />;
}

function VoteType({ linkId }: { linkId: string }) {
  const { loading, view, error, voter, reload, retry } = useVoteType(linkId);
  // A receipt kept in this browser means this voter is done, even offline.
  const [receipt, setReceipt] = useState<SubmissionReceipt | null>(() => loadReceipt(linkId));
  const [fresh, setFresh] = useState(false);
  const [votedWithoutReceipt, setVotedWithoutReceipt] = useState(false);
  const voted = !!receipt || votedWithoutReceipt || !!view?.already_voted;

  useEffect(() => {
    if (view) document.title = `${view.vote_type.name} · ${view.company.name}`;
  }, [view]);

  // A ballot the server already holds needs no draft: leave no answers behind on a shared phone.
  useEffect(() => {
    if (voted) clearDraft(linkId);
  }, [voted, linkId]);

  if (receipt) {
    return <DoneView fresh={fresh} receipt={receipt} backCover={fresh ? view?.covers.back : null} />;
  }
  if (view?.already_voted || votedWithoutReceipt) {
    return <DoneView fresh={false} receipt={null} submissionId={view?.submission_id} />;
  }
  if (loading) return <LoadingPage label="正在打开投票…" />;
  if (!view) return <LoadErrorPage error={error} onRetry={retry} />;
  if (view.vote_type.status !== 'open' || !view.ready) return <VoteTypeStatusPage view={view} />;

  const onSubmitted = (r: SubmissionReceipt) => {
    rememberReceipt(linkId, r);
    clearDraft(linkId);
    setFresh(true);
    setReceipt(r);
    window.scrollTo(0, 0);
  };

  const onConflict = async (detail: string) => {
    const fresher = await reload();
    if (fresher?.already_voted) return true;
    if (detail === PUBLIC_VOTE_DETAILS.alreadyVoted) {
      setVotedWithoutReceipt(true);
      return true;
    }
    return false;
  };

  return (
    <BallotFlow
      view={view}
      voter={voter}
      onSubmitted={onSubmitted}
      onConflict={onConflict}
      onReload={() => void reload()}
    />
  );
}
