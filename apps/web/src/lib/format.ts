// Figures come from the server already rounded (two decimals, half away from zero); these only display them.

/** 87.5 → '87.50'; null (no ballots) → '—'. */
export const formatScore = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : n.toFixed(2);

/** Shares are percentages: 33.33 → '33.33%'. */
export const formatShare = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : `${n.toFixed(2)}%`;

/** A difference (percentage points or score) with its sign: 1.5 → '+1.50', -2 → '-2.00'. */
export const formatPoints = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : `${n > 0 ? '+' : ''}${n.toFixed(2)}`;
