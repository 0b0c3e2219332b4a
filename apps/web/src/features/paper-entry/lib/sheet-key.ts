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
