// The voter page's data, asked for as early as possible. vote.html (the page the server sends for
// /vote/type/...) runs vote-entry.ts before the app's main script, which is the largest download on a
// phone: the ballot, the family's forms and the page's own code then arrive while it still loads.
import type { PublicVoteTypeView } from '@kaoping/contracts/public-vote-types';
import { publicRequest } from '@/lib/api-client';
import { voterIdentifier } from '../lib/voter-store';
import { loadFamilySteps } from './family-steps';

/** The view of a link for this voter, and, for an open ballot, its family's forms loaded. */
export async function requestView(linkId: string, voter: string): Promise<PublicVoteTypeView> {
  const view = await publicRequest<PublicVoteTypeView>(
    `/public/polls/vote-type/${encodeURIComponent(linkId)}`,
    { query: { voter_identifier: voter } },
  );
  if (view.ready && !view.already_voted) await loadFamilySteps(view.vote_type.form_category);
  return view;
}

let early: { linkId: string; voter: string; view: Promise<PublicVoteTypeView> } | undefined;

/** Starts the requests for a /vote/type/{linkId} address; anything else is left to the app. */
export function startEarly(pathname: string) {
  const match = /^\/vote\/type\/([^/]+)\/?$/.exec(pathname);
  if (!match) return;
  let linkId: string;
  try {
    linkId = decodeURIComponent(match[1]!);
  } catch {
    return;
  }
  const voter = voterIdentifier(linkId);
  const view = requestView(linkId, voter);
  // Nobody may be waiting yet: the page takes the answer, or the failure, when it arrives.
  view.catch(() => undefined);
  early = { linkId, voter, view };
  // The page's code, so the router finds it loaded.
  void import('./vote-type-page').catch(() => undefined);
}

/** The request started by startEarly for this link and voter, handed out once; undefined otherwise. */
export function takeEarlyView(linkId: string, voter: string): Promise<PublicVoteTypeView> | undefined {
  if (!early || early.linkId !== linkId || early.voter !== voter) return undefined;
  const { view } = early;
  early = undefined;
  return view;
}
