// The voter page's data, asked for as early as possible. vote.html (the page the server sends for
// /vote/type/...) runs vote-entry.ts before the app's main script, which is the largest download on a
// phone: the ballot, the family's forms and the page's own code then arrive while it still loads.
import type { PublicVoteTypeView } from '@kaoping/contracts/public-vote-types';
import { normalizeCode } from '@kaoping/contracts/ballot-codes';
import { publicRequest } from '@/lib/api-client';
import { secretParams, type Address } from '../lib/address-secrets';
import { loadDraft, voterIdentifier } from '../lib/voter-store';
import { loadFamilySteps } from './family-steps';

/** Whether this voter can fill the ballot in now: open and set up, and not already voted or spent. */
const canVote = (view: PublicVoteTypeView) =>
  view.ready && (view.vote_type.access_mode === 'codes' ? view.code_state === 'usable' : !view.already_voted);

/**
 * The view of a link for this voter (and, in codes mode, the one-time code), and, for a ballot this voter
 * can fill in, its family's forms loaded. The voter id and the code go in headers, never in the query
 * string, which access logs keep (the server still takes the spec's ?voter_identifier= from others).
 */
export async function requestView(
  linkId: string,
  voter: string,
  code: string | null,
): Promise<PublicVoteTypeView> {
  const view = await publicRequest<PublicVoteTypeView>(
    `/public/polls/vote-type/${encodeURIComponent(linkId)}`,
    { headers: { 'X-Voter-Id': voter, ...(code === null ? {} : { 'X-Ballot-Code': code }) } },
  );
  if (canVote(view)) await loadFamilySteps(view.vote_type.form_category);
  return view;
}

/** The code the page will use, found as useVoterCode finds it: the address's, else the draft's. */
function codeFor(linkId: string, address: Address): string | null {
  const raw = secretParams(address).get('code');
  if (raw === null) return loadDraft(linkId)?.code ?? null;
  const parsed = normalizeCode(raw);
  return parsed.ok ? parsed.code : null;
}

let early:
  { linkId: string; voter: string; code: string | null; view: Promise<PublicVoteTypeView> } | undefined;

/** Starts the requests for a /vote/type/{linkId} address; anything else is left to the app. */
export function startEarly(pathname: string, { search = '', hash = '' }: Partial<Address> = {}) {
  const match = /^\/vote\/type\/([^/]+)\/?$/.exec(pathname);
  if (!match) return;
  let linkId: string;
  try {
    linkId = decodeURIComponent(match[1]!);
  } catch {
    return;
  }
  const voter = voterIdentifier(linkId);
  const code = codeFor(linkId, { search, hash });
  const view = requestView(linkId, voter, code);
  // Nobody may be waiting yet: the page takes the answer, or the failure, when it arrives.
  view.catch(() => undefined);
  early = { linkId, voter, code, view };
  // The page's code, so the router finds it loaded.
  void import('./vote-type-page').catch(() => undefined);
}

/** The request started by startEarly for this link, voter and code, handed out once; undefined otherwise. */
export function takeEarlyView(
  linkId: string,
  voter: string,
  code: string | null,
): Promise<PublicVoteTypeView> | undefined {
  if (!early || early.linkId !== linkId || early.voter !== voter || early.code !== code) return undefined;
  const { view } = early;
  early = undefined;
  return view;
}
