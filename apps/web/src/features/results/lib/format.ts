/**
 * A stored ballot time in the admin's local time, to the minute (2025-01-01 09:00): ballots are kept to
 * the minute so that the order of arrival in a room cannot be matched to people.
 */
export const formatTime = (iso: string) => {
  const d = new Date(iso);
  const p = (x: number) => String(x).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};
