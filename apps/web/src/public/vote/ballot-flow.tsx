import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import type { PublicVoteTypeView, SubmissionReceipt } from '@kaoping/contracts/public-vote-types';
import { type ApiError, publicRequest } from '@/lib/api-client';
import { buildBallots } from './ballot-answers';
import { buildSteps, missingOf } from './ballot-steps';
import { CoverView } from './cover-view';
import { ReviewPanel } from './review-panel';
import { StepBar } from './step-bar';
import { familyModule, familySteps } from './family-steps';
import { useBallotDraft } from './use-ballot-draft';
import { useSubmit } from './use-submit';
import './vote.css';
import './vote-pages.css';

export interface BallotFlowProps {
  view: PublicVoteTypeView;
  voter: string;
  /** codes mode: the checked one-time code, kept with the draft and sent with the ballot. */
  code: string | null;
  onSubmitted: (receipt: SubmissionReceipt) => void;
  /** A 403 or 409 on submit: true when the page took over (see useSubmit). */
  onRefusal: (refusal: ApiError) => Promise<boolean>;
  onReload: () => void;
}

/** 试投票: the voter knows this ballot is a rehearsal and will not be counted. */
export function TestBanner({ view }: { view: PublicVoteTypeView }) {
  if (!view.vote_type.test_mode) return null;
  return (
    <p className="kp-vote-test" role="note">
      <strong>试投票</strong>本次为演练，答卷不计入正式结果
    </p>
  );
}

function VoteHeader({ view, stored }: { view: PublicVoteTypeView; stored: boolean }) {
  return (
    <header className="kp-vote-head">
      <TestBanner view={view} />
      <p className="kp-vote-company">{view.company.name}</p>
      <h1 className="kp-vote-title">{view.vote_type.name}</h1>
      <p className={stored ? 'kp-vote-saved' : 'kp-vote-saved is-off'} role="status">
        {stored
          ? '匿名投票 · 答卷自动保存在本机，刷新或断网不会丢失'
          : '本机无法保存答卷：提交完成前请勿刷新或关闭页面'}
      </p>
    </header>
  );
}

/** A ballot from the front cover to the submit: steps, review, and a submit that never counts twice. */
export function BallotFlow({ view, voter, code, onSubmitted, onRefusal, onReload }: BallotFlowProps) {
  const steps = useMemo(() => buildSteps(view), [view]);
  const { draft, update, setAnswer, stored } = useBallotDraft(view.link_id, code);
  const [blocked, setBlocked] = useState(false);
  const index = Math.min(draft.step, steps.length);
  const onCover = !!view.covers.front && !draft.started;
  const stepRef = useRef<HTMLElement>(null);
  const reviewRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // A family's own rules (民主推荐: what a post's answers may not be) say what must change before submit.
  const family = familyModule(view.vote_type.form_category);
  const gaps = useMemo(
    () =>
      steps
        .map((s, i) => {
          const problems = family?.problemsOf?.(s, draft.answers) ?? [];
          return problems.length
            ? { index: i, id: s.id, label: s.label, missing: problems, fix: true }
            : { index: i, id: s.id, label: s.label, missing: missingOf(s, draft.answers) };
        })
        .filter((g) => g.missing.length > 0),
    [steps, draft.answers, family],
  );
  const open = new Set(gaps.map((g) => g.index));
  const entries = steps.map((s, i) => ({ label: s.label, done: !open.has(i) }));

  const { state, submit } = useSubmit({
    send: () => {
      if (!draft.sent) update({ sent: true });
      return publicRequest<SubmissionReceipt>('/public/polls/votes/', {
        method: 'POST',
        body: {
          link_id: view.link_id,
          voter_identifier: voter,
          submission_id: draft.submission_id,
          ...(code ? { code } : {}),
          ballots: buildBallots(steps, draft.answers),
        },
      });
    },
    onSuccess: onSubmitted,
    onRefusal,
  });

  // A new step takes the focus and starts at the top; the first screen after a load does not.
  useEffect(() => {
    if (!moved.current) return;
    window.scrollTo(0, 0);
    (index >= steps.length ? reviewRef.current : stepRef.current)?.focus({ preventScroll: true });
  }, [index, steps.length, onCover]);

  const go = (i: number) => {
    moved.current = true;
    setBlocked(false);
    const next = Math.max(0, Math.min(i, steps.length));
    update({ step: next, reviewed: draft.reviewed || next === steps.length });
  };

  const trySubmit = () => {
    if (gaps.length > 0) {
      setBlocked(true);
      if (index < steps.length) go(steps.length);
      else reviewRef.current?.focus();
      return;
    }
    submit();
  };

  if (onCover) {
    return (
      <main className="kp-vote">
        <VoteHeader view={view} stored={stored} />
        <CoverView cover={view.covers.front!} label="封面" />
        <div className="kp-vote-bar">
          <div className="kp-vote-bar-inner">
            <button
              type="button"
              className="kp-btn kp-btn-primary kp-vote-start"
              onClick={() => {
                moved.current = true;
                update({ started: true });
              }}
            >
              开始投票
            </button>
          </div>
        </div>
      </main>
    );
  }

  const step = steps[index];
  // useVoteType loaded them before showing the ballot.
  const renderStep = familySteps(view.vote_type.form_category)!;
  return (
    <main className="kp-vote">
      <VoteHeader view={view} stored={stored} />
      {step ? (
        <section
          id={step.id}
          ref={stepRef}
          tabIndex={-1}
          className="kp-vote-step"
          aria-label={`第 ${index + 1} 项，共 ${steps.length} 项：${step.label}`}
        >
          <Fragment key={step.id}>
            {renderStep({
              step,
              firstOfPoll: steps[index - 1]?.poll?.id !== step.poll?.id,
              answers: draft.answers,
              onAnswer: setAnswer,
              showMissing: draft.reviewed,
            })}
          </Fragment>
        </section>
      ) : (
        <ReviewPanel
          total={steps.length}
          gaps={gaps}
          onGo={go}
          onSubmit={trySubmit}
          blocked={blocked}
          state={state}
          onReload={onReload}
          headingRef={reviewRef}
        >
          {family?.ReviewSummary && <family.ReviewSummary steps={steps} answers={draft.answers} onGo={go} />}
        </ReviewPanel>
      )}
      <StepBar
        index={index}
        entries={entries}
        onGo={go}
        onSubmit={trySubmit}
        sending={state.kind === 'sending'}
      />
    </main>
  );
}
