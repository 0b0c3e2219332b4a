/**
 * An instant in the admin's local time, to the minute (2025-01-01 09:00), e.g. when a round was archived.
 * Ballots keep no time at all, only their day (issue 26).
 */
export const formatTime = (iso: string) => {
  const d = new Date(iso);
  const p = (x: number) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};
