// The voter page's data, asked for as early as possible: the voter pages' entry (public/voter-main.tsx)
// starts it before the first draw. For a /vote/type/... address the server writes the ballot into the
// page (apps/server/src/modules/public/voter-page.ts): when this browser is one the server can know
// nothing about, that is the API's own answer, and the first question needs no further request.
import type { PublicVoteTypeView } from '@kaoping/contracts/public-vote-types';
import { normalizeCode } from '@kaoping/contracts/ballot-codes';
import { publicRequest } from '@/lib/api-client';
import { secretParams, type Address } from '../lib/address-secrets';
import { hasVoterIdentifier, loadDraft, voterIdentifier } from '../lib/voter-store';
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
  return withForms(view);
}

/** With a ballot this voter can fill in, once its family's forms are loaded. */
async function withForms(view: PublicVoteTypeView): Promise<PublicVoteTypeView> {
  if (canVote(view)) await loadFamilySteps(view.vote_type.form_category);
  return view;
}

/**
 * The view the server wrote into the page for this link: the API's answer to a request without a voter
 * id or a code (`<script type="application/json" id="kp-ballot">`); null without one.
 */
function inlinedView(linkId: string): PublicVoteTypeView | null {
  const text = document.getElementById('kp-ballot')?.textContent;
  if (!text) return null;
  try {
    const view = JSON.parse(text) as PublicVoteTypeView;
    return view.link_id === linkId ? view : null;
  } catch {
    return null;
  }
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
  // A voter id made just now was never sent with a ballot, and without a code the server's answer does
  // not depend on the voter: the page's inlined view is then exactly what the API would answer.
  const known = hasVoterIdentifier(linkId);
  const voter = voterIdentifier(linkId);
  const code = codeFor(linkId, { search, hash });
  const inlined = known || code !== null ? null : inlinedView(linkId);
  const view = inlined ? withForms(inlined) : requestView(linkId, voter, code);
  // Nobody may be waiting yet: the page takes the answer, or the failure, when it arrives.
  view.catch(() => undefined);
  early = { linkId, voter, code, view };
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
