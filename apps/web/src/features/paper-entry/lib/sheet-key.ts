/**
 * What the keyer typed or scanned, as the key to check: a scanner reading the sheet's QR types the whole
 * voting address (…/vote/type/{link}#code=K7QXM3PD9R; sheets printed before issue 26 say ?code=), of
 * which only the code is the key.
 */
export function keyFromInput(input: string): string {
  const text = input.trim();
  const match = /[?&#]code=([^&#\s]+)/i.exec(text);
  if (!match?.[1]) return text;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** 谈话调研推荐: one record per talk, keyed by the 谈话序号 the interviewer gave it (no printed sheet). */
export const isTalk = (form: { recommendation_mode: string | null }) => form.recommendation_mode === 'talk';

/** A sheet's name on screen: the server's label ('编号 17', 'K7QX-M3PD-9R'), or a talk's 谈话序号. */
export const sheetName = (
  form: { recommendation_mode: string | null },
  sheet: { key: string; label: string },
) => (isTalk(form) ? `谈话序号 ${sheet.key}` : sheet.label);
