import { SEAL_ALPHABET, SEAL_LENGTH, type SealedDocument } from '@kaoping/contracts/report-check';
import { macOf, type Keys } from '../../lib/keys';

/**
 * The figures as one text: JSON with the keys of every object sorted, so the same figures always give
 * the same text. `generated_at` (the moment a document was drawn, on every figures object) is left out:
 * it is printed, but it is not a figure.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (key, v: unknown) => {
    if (key === 'generated_at') return undefined;
    if (v && typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v))
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, (v as Record<string, unknown>)[k]]),
      );
    return v;
  });
}

/** The keyed MAC of a document's figures (keys.seal): what the check compares, then and now. */
export const figuresMacOf = (keys: Keys, kind: SealedDocument, figures: unknown) =>
  macOf(keys, keys.seal, 'report figures', kind, canonicalJson(figures));

export interface SealFields {
  kind: string;
  companyId: number | null;
  roundId: number | null;
  figuresMac: string;
  auditRows: number;
  auditMac: string | null;
  /** What else the document was drawn for (the rankings' year and units); null for one unit's round. */
  scope: unknown;
  createdAt: Date;
}

/**
 * The 核验码: the first 80 bits of a keyed MAC over the figures' MAC, the audit head at the time, the
 * document and the moment, as 16 characters of Crockford base32. Without the key nobody can make a code
 * that matches a row, so a seal row written into the database by hand is named as forged.
 */
export function sealCodeOf(keys: Keys, s: SealFields): string {
  const mac = macOf(
    keys,
    keys.seal,
    'report seal',
    s.kind,
    String(s.companyId ?? ''),
    String(s.roundId ?? ''),
    s.figuresMac,
    String(s.auditRows),
    s.auditMac ?? '',
    canonicalJson(s.scope ?? null),
    s.createdAt.toISOString(),
  );
  let bits = BigInt(`0x${mac.slice(0, 20)}`);
  let out = '';
  for (let i = 0; i < SEAL_LENGTH; i++) {
    out = SEAL_ALPHABET[Number(bits & 31n)]! + out;
    bits >>= 5n;
  }
  return out;
}
