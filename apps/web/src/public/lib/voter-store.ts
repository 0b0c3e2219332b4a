import {
  VOTER_IDENTIFIER_MAX,
  VOTER_IDENTIFIER_MIN,
  VOTER_IDENTIFIER_PATTERN,
  type SubmissionReceipt,
} from '@kaoping/contracts/public-vote-types';
import { readJson, removeKey, writeJson } from './local-store';
import { randomHex, UUID_PATTERN, uuidV4 } from './random-id';

// Everything a voter's browser keeps, per vote type link. Nothing here names the voter: the
// identifier is random and lives only in this browser.
const voterKey = (linkId: string) => `kp-voter:${linkId}`;
const draftKey = (linkId: string) => `kp-vote-draft:${linkId}`;
const receiptKey = (linkId: string) => `kp-vote-receipt:${linkId}`;

const validVoter = (v: unknown): v is string =>
  typeof v === 'string' &&
  v.length >= VOTER_IDENTIFIER_MIN &&
  v.length <= VOTER_IDENTIFIER_MAX &&
  VOTER_IDENTIFIER_PATTERN.test(v);

/** This browser's voter identifier for a link: 128 random bits, made once and then kept. */
export function voterIdentifier(linkId: string): string {
  const kept = readJson<unknown>(voterKey(linkId));
  if (validVoter(kept)) return kept;
  const made = randomHex(16);
  writeJson(voterKey(linkId), made);
  return made;
}

/** The unfinished ballot of a link. `answers` is keyed by poll (and target) and checked on use. */
export interface BallotDraft {
  v: 1;
  /** Made with the draft and sent on every attempt, so a retry can never count twice. */
  submission_id: string;
  answers: Record<string, unknown>;
  /** Index of the step on screen; the number of steps means the review. */
  step: number;
  /** The voter has left the front cover. */
  started: boolean;
  /** The voter has seen the review once: unanswered questions are marked from then on. */
  reviewed: boolean;
}

export function newDraft(): BallotDraft {
  return { v: 1, submission_id: uuidV4(), answers: {}, step: 0, started: false, reviewed: false };
}

/** The kept draft, or null when there is none or it is unreadable. */
export function loadDraft(linkId: string): BallotDraft | null {
  const d = readJson<Partial<BallotDraft>>(draftKey(linkId));
  if (!d || d.v !== 1 || typeof d.submission_id !== 'string' || !UUID_PATTERN.test(d.submission_id)) {
    return null;
  }
  const answers = d.answers && typeof d.answers === 'object' && !Array.isArray(d.answers) ? d.answers : {};
  return {
    v: 1,
    submission_id: d.submission_id,
    answers,
    step: Number.isInteger(d.step) && d.step! >= 0 ? d.step! : 0,
    started: d.started === true,
    reviewed: d.reviewed === true,
  };
}

export const saveDraft = (linkId: string, draft: BallotDraft) => writeJson(draftKey(linkId), draft);
export const clearDraft = (linkId: string) => removeKey(draftKey(linkId));

/** The receipt of this browser's ballot for a link, kept after a successful submit. */
export function loadReceipt(linkId: string): SubmissionReceipt | null {
  const r = readJson<SubmissionReceipt>(receiptKey(linkId));
  return r && typeof r.submission_id === 'string' && Array.isArray(r.ballots) ? r : null;
}

export const rememberReceipt = (linkId: string, receipt: SubmissionReceipt) =>
  writeJson(receiptKey(linkId), receipt);
