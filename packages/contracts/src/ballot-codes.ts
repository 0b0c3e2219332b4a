// One-time ballot codes (测评码), zod-free so the voter pages can normalise what a voter types without
// loading the schema library. The API schemas are in ballot-codes-api.ts.

/** Letters and digits that cannot be mistaken for each other: no 0/O, no 1/I/L. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 10 characters of a 31-letter alphabet: 49.5 bits. */
export const CODE_LENGTH = 10;
/** Most codes one issue call makes. */
export const MAX_CODES_PER_ISSUE = 5000;

export type CodeState = 'unused' | 'used' | 'voided';
/**
 * A code's state as the admin list shows it: while a vote is open (投票中, formal) a code not voided is
 * 'issued' (已发放), used or not (decision 0041); otherwise its state.
 */
export type ListedCodeState = CodeState | 'issued';
export const CODE_STATE_LABELS: Record<ListedCodeState, string> = {
  unused: '未使用',
  used: '已使用',
  voided: '已作废',
  issued: '已发放',
};

/** How an access mode is called on screen. */
export type AccessMode = 'link' | 'codes';
export const ACCESS_MODE_LABELS: Record<AccessMode, string> = { link: '公开链接', codes: '测评码' };

/** Look-alikes a voter may type: they are not in the alphabet, so the typed code cannot be right. */
const LOOK_ALIKES = /[01OIL]/;

/** What a typed code can be refused for before any lookup: the codes of errors.ts, their details here. */
export const CODE_INPUT_DETAILS = {
  CODE_MISSING: '请输入测评码',
  CODE_LOOK_ALIKE: '测评码中没有数字 0、1 和字母 O、I、L，请对照纸条重新输入',
  CODE_MALFORMED: `测评码为 ${CODE_LENGTH} 位字母和数字，请对照纸条重新输入`,
} as const;
type CodeInputError = keyof typeof CODE_INPUT_DETAILS;

export type NormalizedCode =
  { ok: true; code: string } | { ok: false; error: CodeInputError; detail: string };

const refused = (error: CodeInputError) => ({ ok: false as const, error, detail: CODE_INPUT_DETAILS[error] });

/**
 * What a voter typed, as the stored form: case, spaces and dashes ignored. A look-alike character or a
 * wrong length is refused with a message that says what to check.
 */
export function normalizeCode(typed: string): NormalizedCode {
  const code = typed.toUpperCase().replace(/[\s\-_.·—]+/g, '');
  if (!code) return refused('CODE_MISSING');
  if (LOOK_ALIKES.test(code)) return refused('CODE_LOOK_ALIKE');
  if (code.length !== CODE_LENGTH || [...code].some((c) => !CODE_ALPHABET.includes(c)))
    return refused('CODE_MALFORMED');
  return { ok: true, code };
}

/** The stored form grouped for reading: K7QX-M3PD-9R. */
export const formatCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1-');

/**
 * A receipt code (回执码) as shown on a receipt: 8 letters of the same alphabet, grouped XXXX-XXXX, derived
 * from the receipt id (server: voting/receipt.ts).
 */
export const RECEIPT_CODE_LENGTH = 8;

/**
 * What a voter typed as a receipt code, in its shown form (XXXX-XXXX): case, spaces and dashes ignored;
 * null when it cannot be one (a wrong length, a letter outside the codes' alphabet).
 */
export function normalizeReceiptCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s\-_.·—]+/g, '');
  if (code.length !== RECEIPT_CODE_LENGTH || [...code].some((c) => !CODE_ALPHABET.includes(c))) return null;
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
