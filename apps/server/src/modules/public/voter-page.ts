// Which page of the web build a /vote/type/{linkId} address gets: the copy of vote.html that preloads
// the link's ballot family's forms (the build's vote-<family>.html), so a phone fetches them beside the
// main script instead of after the ballot's answer; vote.html when the family is unknown or the build
// has no such copy. A wrong guess costs nothing but the preload: the page asks for the ballot anyway.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import { findFamilyByLink } from '../vote-types/vote-types.repository';

/** A family can change only before the first ballot; a minute of a stale preload is harmless. */
const FAMILY_TTL_MS = 60_000;
const NONE = '';

export function voterPages(db: Db, webDist: string) {
  const fallback = 'vote.html';
  const hasFamilyPage = (family: string) => existsSync(path.join(webDist, `vote-${family}.html`));
  const known = new Set(
    ['democratic_appraisal', 'democratic_evaluation'].filter((family) => hasFamilyPage(family)),
  );
  const families = new LRUCache<string, string>({
    max: 10_000,
    ttl: FAMILY_TTL_MS,
    fetchMethod: async (linkId) => (await findFamilyByLink(db, linkId)) ?? NONE,
  });

  /** The file to send for a voter link's address (the path without its query). */
  return async function pageFor(url: string): Promise<string> {
    const match = /^\/vote\/type\/([^/]+)\/?$/.exec(url);
    if (!match || known.size === 0) return fallback;
    let linkId: string;
    try {
      linkId = decodeURIComponent(match[1]!);
    } catch {
      return fallback;
    }
    // Links are 22 base64url characters; anything much longer is not worth a lookup.
    if (linkId.length > 64) return fallback;
    const family = await families.fetch(linkId).catch(() => NONE);
    return family && known.has(family) ? `vote-${family}.html` : fallback;
  };
}
