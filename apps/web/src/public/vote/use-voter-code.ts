import { useState } from 'react';
import { formatCode, normalizeCode } from '@kaoping/contracts/ballot-codes';
import { useFragment } from '../lib/use-fragment';
import { forgetDraftCode, loadDraft } from '../lib/voter-store';

/**
 * The one-time code of a codes-mode link: the one in the address's fragment (`#code=`, as printed in the
 * slip's QR code, or put there by the code entry page; an old slip's `?code=` is read and moved there),
 * else the one kept with this link's draft. `code` is the stored form (upper case, no dashes), or null;
 * `refused` is an address code that cannot be a code.
 */
export function useVoterCode(linkId: string) {
  const [params, setParams] = useFragment();
  const raw = params.get('code');
  const [kept, setKept] = useState(() => loadDraft(linkId)?.code ?? null);
  const parsed = raw === null ? null : normalizeCode(raw);
  const code = parsed ? (parsed.ok ? parsed.code : null) : kept;

  /** A code the voter typed (already normalised): the address keeps it, so a reload checks it again. */
  const set = (next: string) => setParams({ code: formatCode(next) });
  /** Back to the code entry page: the code is forgotten here and in the draft. */
  const clear = () => {
    forgetDraftCode(linkId);
    setKept(null);
    setParams({});
  };

  return {
    code,
    refused: parsed && !parsed.ok ? { typed: raw ?? '', detail: parsed.detail } : null,
    /** What the entry box starts with. */
    shown: raw ?? (code ? formatCode(code) : ''),
    set,
    clear,
  };
}
