// Figures come from the server already rounded (two decimals, half away from zero); these only display them.

/** 87.5 → '87.50'; null (no ballots) → '—'. */
export const formatScore = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : n.toFixed(2);

/** Shares are percentages: 33.33 → '33.33%'. */
export const formatShare = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : `${n.toFixed(2)}%`;

/**
 * A stored ballot time in the admin's local time, to the minute (2025-01-01 09:00): ballots are kept to
 * the minute so that the order of arrival in a room cannot be matched to people.
 */
export const formatTime = (iso: string) => {
  const d = new Date(iso);
  const p = (x: number) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};
