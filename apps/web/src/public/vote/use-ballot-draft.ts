import { useCallback, useRef, useState } from 'react';
import { loadDraft, newDraft, saveDraft, type BallotDraft } from '../lib/voter-store';

type DraftPatch = Partial<Omit<BallotDraft, 'v' | 'submission_id'>>;

/**
 * The unfinished ballot of a link, written to localStorage on every change, before the screen even
 * updates: a reload, a lost network or a closed tab loses nothing. `stored` is false when the browser
 * refused to keep it (private mode, full storage), so the page can warn the voter. In codes mode the
 * draft also keeps the one-time code.
 */
export function useBallotDraft(linkId: string, code: string | null = null) {
  // The code goes with the draft, so a reload without it in the address still votes with it. Another
  // code means another voter (a shared phone or tablet): they start a blank ballot and never see the
  // answers someone else left behind.
  const [draft, setDraft] = useState<BallotDraft>(() => {
    const kept = loadDraft(linkId);
    if (!kept || (code && kept.code && kept.code !== code)) return newDraft(code ?? undefined);
    return code && !kept.code ? { ...kept, code } : kept;
  });
  // Saved at once, so the submission_id of a brand-new ballot survives a reload too.
  const [stored, setStored] = useState(() => saveDraft(linkId, draft));
  const current = useRef(draft);

  const commit = useCallback(
    (next: BallotDraft) => {
      current.current = next;
      setStored(saveDraft(linkId, next));
      setDraft(next);
    },
    [linkId],
  );

  const update = useCallback((patch: DraftPatch) => commit({ ...current.current, ...patch }), [commit]);

  const setAnswer = useCallback(
    (key: string, value: unknown) =>
      commit({ ...current.current, answers: { ...current.current.answers, [key]: value } }),
    [commit],
  );

  return { draft, update, setAnswer, stored };
}
