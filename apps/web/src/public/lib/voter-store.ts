import {
  VOTER_IDENTIFIER_MAX,
  VOTER_IDENTIFIER_MIN,
  VOTER_IDENTIFIER_PATTERN,
} from '@kaoping/contracts/public-vote-types';
import { readJson, removeKey, writeJson } from './local-store';
import { randomHex, UUID_PATTERN, uuidV4 } from './random-id';

// Everything a voter's browser keeps, per vote type link. Nothing here names the voter: the
// identifier is random and lives only in this browser. After a ballot is stored the browser keeps only
// the receipt id: no answer survives the submit, so nobody can read a voter's choices off their phone.
const voterKey = (linkId: string) => `kp-voter:${linkId}`;
const draftKey = (linkId: string) => `kp-vote-draft:${linkId}`;
const receiptKey = (linkId: string) => `kp-vote-receipt:${linkId}`;

const validVoter = (v: unknown): v is string =>
  typeof v === 'string' &&
  v.length >= VOTER_IDENTIFIER_MIN &&
  v.length <= VOTER_IDENTIFIER_MAX &&
  VOTER_IDENTIFIER_PATTERN.test(v);

/** Whether this browser already holds a voter identifier for a link (voterIdentifier would not make one). */
export const hasVoterIdentifier = (linkId: string) => validVoter(readJson<unknown>(voterKey(linkId)));

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
  /** codes mode: the one-time code (stored form) this ballot is cast with. */
  code?: string;
  /** A submit was attempted: the server may hold this ballot even if its answer never arrived. */
  sent?: boolean;
}

export function newDraft(code?: string): BallotDraft {
  return {
    v: 1,
    submission_id: uuidV4(),
    answers: {},
    step: 0,
    started: false,
    reviewed: false,
    ...(code ? { code } : {}),
  };
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
    ...(typeof d.code === 'string' && d.code ? { code: d.code } : {}),
    ...(d.sent === true ? { sent: true } : {}),
  };
}

export const saveDraft = (linkId: string, draft: BallotDraft) => writeJson(draftKey(linkId), draft);
export const clearDraft = (linkId: string) => removeKey(draftKey(linkId));

/** Forgets the code kept with a link's draft (it was used or voided); the answers stay. */
export function forgetDraftCode(linkId: string) {
  const d = loadDraft(linkId);
  if (!d?.code) return;
  delete d.code;
  saveDraft(linkId, d);
}

/**
 * The receipt id of this browser's ballot for a link. Receipts kept by older versions held every choice:
 * they are deleted on sight.
 */
export function loadReceiptId(linkId: string): string | null {
  const r = readJson<{ receipt_id?: unknown }>(receiptKey(linkId));
  if (r && typeof r.receipt_id === 'string' && Object.keys(r).length === 1) return r.receipt_id;
  if (r !== null) removeKey(receiptKey(linkId));
  return null;
}

export const rememberReceiptId = (linkId: string, receiptId: string) =>
  writeJson(receiptKey(linkId), { receipt_id: receiptId });
