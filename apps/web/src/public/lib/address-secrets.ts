// A voter's secrets in a page's address (the one-time code of a slip, the receipt id of a reloaded success
// page, a receipt code being looked up) live in its fragment (#code=…): a browser never sends the fragment,
// so no proxy's or server's access log can keep it. An address from before (?code=… in the query, as the
// first slips printed it) still works: its values are read, then moved to the fragment in place
// (history.replaceState), so a reload does not send them again and a bookmark does not keep them there.

/** The names that are secrets wherever they appear in a voter page's address. */
const SECRET_NAMES = ['code', 'receipt'] as const;

export interface Address {
  search: string;
  hash: string;
}

const paramsOf = (text: string, lead: string) =>
  new URLSearchParams(text.startsWith(lead) ? text.slice(1) : text);

/** The fragment's values, with the query's secret values where the fragment lacks them. */
export function secretParams({ search, hash }: Address): URLSearchParams {
  const fragment = paramsOf(hash, '#');
  const query = paramsOf(search, '?');
  for (const name of SECRET_NAMES) {
    const value = query.get(name);
    if (value !== null && !fragment.has(name)) fragment.set(name, value);
  }
  return fragment;
}

/** The address with the query's secrets moved into the fragment; null when the query holds none. */
export function withSecretsMoved(address: Address): Address | null {
  const query = paramsOf(address.search, '?');
  if (!SECRET_NAMES.some((name) => query.has(name))) return null;
  const fragment = secretParams(address);
  for (const name of SECRET_NAMES) query.delete(name);
  const search = query.toString();
  return { search: search ? `?${search}` : '', hash: fragmentOf(fragment) };
}

/** A fragment holding these values ('' for none). */
export function fragmentOf(values: Record<string, string> | URLSearchParams): string {
  const text = new URLSearchParams(values).toString();
  return text ? `#${text}` : '';
}

/** Moves an old address's secrets out of the query of the page now open (the voter entry, before the app). */
export function moveSecretsOutOfQuery(): void {
  const { pathname, search, hash } = window.location;
  const moved = withSecretsMoved({ search, hash });
  if (moved) window.history.replaceState(window.history.state, '', pathname + moved.search + moved.hash);
}
