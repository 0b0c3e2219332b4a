// Shapes of the public voting API as plain types and constants, with no zod import: the voter pages
// import this file (types are erased, the constants are a few bytes) without loading the schema library.
// The zod schemas that check them on the server are in public-vote.ts.
import type { FormSchemaOf, PollTargetType } from './poll-kinds';
import type { CadreQuestionResult, NewlyPromotedSubjectResult, ScoringAggregate } from './scoring';
import type { PublicRecommendationPost, RecommendationBallotEntry } from './recommendation-rules';

/** A voter identifier: 8-128 URL-safe characters, made by the browser (or a one-time ballot code). */
export const VOTER_IDENTIFIER_MIN = 8;
export const VOTER_IDENTIFIER_MAX = 128;
export const VOTER_IDENTIFIER_PATTERN = /^[A-Za-z0-9._~-]+$/;
/** Most entries one submission may carry (targets of a family plus the evaluation polls). */
export const MAX_BALLOT_ENTRIES = 500;

/** Details the voter pages may recognise; every error body is `{ detail }`. */
export const PUBLIC_VOTE_DETAILS = {
  unknownLink: '投票链接无效或已失效',
  alreadyVoted: '您已完成投票',
  notStarted: '投票尚未开始',
  closed: '投票已结束',
  inactive: '该投票已停用',
  capReached: '本投票已达到应到人数，无法继续投票',
  /** The status page of a full link (status 'full'), shown before the cover and the ballot. */
  full: '本投票已达到应到人数',
  codeUnknown: '测评码无效，请核对后重新输入',
  codeUsed: '该测评码已使用',
  codeVoided: '该测评码已作废',
  archived: '本轮测评已结束',
  receiptNotFound: '未找到该回执码对应的投票回执，请核对后重新输入',
  receiptCodeInvalid: '回执码为 8 位字母和数字（如 K7QX-M3PD，其中没有 0、1、O、I、L），请核对后重新输入',
} as const;

/** usable: the code can cast a ballot now; unknown: not a code of this vote type. */
export type CodeState = 'usable' | 'used' | 'voided' | 'unknown';

export type PublicFormCategory =
  'democratic_appraisal' | 'democratic_evaluation' | 'democratic_recommendation';
export type PublicPollKind = PollTargetType;
/** open: ballots accepted; not_started: before opens_at; closed: from closes_at on; inactive: switched off. */
export type VoteTypeStatus = 'open' | 'not_started' | 'closed' | 'inactive';
/**
 * A link's status for voters: a vote type's status, or full: open, but in link mode with 应到人数
 * (expected_voters) set the ballots of the current mode (formal, or test while in test mode) have reached
 * it. A codes-mode link is never full.
 */
export type PublicVoteStatus = VoteTypeStatus | 'full';

export interface PublicCompany {
  id: number;
  name: string;
}

/**
 * A questionnaire as a voter sees it; form_schema follows target_type, so checking the kind types the
 * schema. `PublicPoll<'cadre'>` is the cadre poll; `PublicPoll` any of the four.
 */
export type PublicPoll<K extends PublicPollKind = PublicPollKind> = K extends PublicPollKind
  ? {
      id: number;
      company_id: number;
      title: string;
      description: string;
      target_type: K;
      form_schema: FormSchemaOf<K>;
    }
  : never;

/** An active appraisal target: answered with the company poll (type company) or the person poll. */
export interface PublicTarget {
  id: number;
  name: string;
  type: 'company' | 'person';
  title: string;
  sort_order: number;
}

/** An active newly promoted cadre (评议对象). */
export interface PublicSubject {
  id: number;
  name: string;
  birth_date: string;
  previous_position: string;
  current_position: string;
  sort_order: number;
}

export interface PublicCover {
  /** GET it without credentials: /api/v1/public/polls/vote-type/{link_id}/cover/{front|back}. */
  url: string;
  /** What the URL sends: image/webp for an image cover (a copy made at upload), or application/pdf. */
  content_type: string;
  /** Of the bytes the URL sends; changes when the file is replaced. */
  sha256: string;
  /** Bytes the URL sends, so a phone can say how big a PDF is before opening it. */
  size: number;
  /** Pixel size of an image (null for a PDF), so the page keeps its place while the image loads. */
  width: number | null;
  height: number | null;
}

/**
 * GET /public/polls/vote-type/{linkId} with the headers X-Voter-Id and X-Ballot-Code (what the voter page
 * sends: a query string stays in access logs), or the spec's ?voter_identifier=&code=.
 */
export interface PublicVoteTypeView {
  link_id: string;
  company: PublicCompany;
  vote_type: {
    name: string;
    form_category: PublicFormCategory;
    opens_at: string | null;
    closes_at: string | null;
    status: PublicVoteStatus;
    /** link: the browser's identifier counts once; codes: a one-time code is needed to vote. */
    access_mode: 'link' | 'codes';
    /** 试投票: ballots are a rehearsal and are not counted. */
    test_mode: boolean;
  };
  /** With a code in codes mode: whether that code can vote; null without a code or in link mode. */
  code_state: CodeState | null;
  /**
   * True when the ballot can be filled in: open, and every active target has its poll. When false and
   * the status is open, `notice` says why (a setup problem for the organiser).
   */
  ready: boolean;
  notice: string | null;
  /**
   * The vote type belongs to an archived round (测评批次): the status is 'closed', the notice
   * '本轮测评已结束', and a submission is refused (403) with nothing stored.
   */
  round_archived: boolean;
  /**
   * The polls of the ballot, in answering order, only while open: appraisal → company poll (when there is
   * an active company target), person poll (when there is an active person target); evaluation → cadre
   * poll (when it has questions), newly promoted poll (when there is an active subject).
   */
  polls: PublicPoll[];
  /** Appraisal: active targets by sort_order (empty for evaluation and when not open). */
  targets: PublicTarget[];
  /** Evaluation: active subjects by sort_order (empty for appraisal and when not open). */
  subjects: PublicSubject[];
  /** 民主推荐: the active posts with their candidates, in order (empty for the other families and when not open). */
  posts: PublicRecommendationPost[];
  covers: { front: PublicCover | null; back: PublicCover | null };
  /** Only meaningful with a voter id (link mode): that voter already submitted for this vote type. */
  already_voted: boolean;
}

/** One entry of a submission: scoring polls need target_id, the evaluation polls must not have one. */
export interface BallotEntryInput {
  poll_id: number;
  target_id?: number | null;
  answers: Record<string, unknown>;
}

/** POST /public/polls/votes/ : the whole ballot of one vote type (DESIGN.md "Voting"). */
export interface SubmissionBody {
  link_id: string;
  voter_identifier: string;
  /** A UUID made by the browser once per ballot and reused on every retry. */
  submission_id: string;
  /** codes mode: the one-time code (case, spaces and dashes ignored); ignored in link mode. */
  code?: string;
  /** One entry per part of the ballot; 民主推荐: one `{ post_id, answers }` per active post. */
  ballots: (BallotEntryInput | RecommendationBallotEntry)[];
}

/**
 * The 201 answer of a submission (a replay gets the same) and GET /public/polls/votes/{receipt_id}: proof
 * that a ballot was counted, never how it was cast (no choice, no score). The unit, the vote type, the day,
 * how many were answered and the 回执码: nothing else, no submission id and no time of day (issue 26).
 */
export interface SubmissionReceipt {
  /** Made by the server; the address of the receipt (/vote/result/{receipt_id}). */
  receipt_id: string;
  /** A short code to read out or compare (XXXX-XXXX). */
  receipt_code: string;
  /** The day the ballot was cast, 'YYYY-MM-DD' in Beijing time; ballots keep no time of day. */
  voted_on: string;
  company: PublicCompany;
  vote_type: { name: string; form_category: PublicFormCategory };
  /** How many targets (appraisal) or questionnaires (evaluation) the ballot answered. */
  ballot_count: number;
  /** Cast while the vote type was in test mode (试投票): not counted. */
  is_test: boolean;
}

/** GET /public/polls/company/{companyId}?voter_identifier= */
export interface PublicCompanyPolls {
  company: PublicCompany;
  /** The company and person polls (scoring, 民主测评). */
  polls: PublicPoll<'company' | 'person'>[];
  /** With voter_identifier: that voter submitted in one of the company's appraisal vote types. */
  has_voted: boolean;
}

/** GET /public/polls/cadre-poll/{companyId}?voter_identifier= */
export interface PublicCadrePoll {
  company: PublicCompany;
  poll: PublicPoll<'cadre'>;
  /** With voter_identifier: that voter submitted in one of the company's evaluation vote types. */
  has_voted: boolean;
}

/** GET /public/polls/ : polls whose results an admin made public (nothing by default). */
export interface PublicPollSummary {
  id: number;
  title: string;
  target_type: PublicPollKind;
  company: PublicCompany;
}

/** GET /public/polls/{id}/stats : aggregates over the vote types with public results only. */
export interface PublicPollStats {
  poll: { id: number; title: string; target_type: PublicPollKind };
  company: PublicCompany;
  /** Each vote type of the poll's family whose results are public, with its own figures. */
  vote_types: PublicVoteTypeStats[];
}

export interface PublicVoteTypeStats {
  name: string;
  ballot_count: number;
  /**
   * Scoring polls: per target of the poll's kind that has ballots or is active; never a minimum or a
   * maximum (each is one ballot's score, issue 26).
   */
  targets?: (Omit<ScoringAggregate, 'min' | 'max'> & { target_id: number; name: string; title: string })[];
  /** Cadre poll: per question; text answers are not published. */
  questions?: Omit<CadreQuestionResult, 'texts'>[];
  /** Newly promoted poll: per subject; reasons are not published. */
  subjects?: (NewlyPromotedSubjectResult & { name: string })[];
}
