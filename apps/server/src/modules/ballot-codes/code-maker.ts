import { randomBytes } from 'node:crypto';
import { CODE_ALPHABET, CODE_LENGTH } from '@kaoping/contracts/ballot-codes';

// Bytes at or above the largest multiple of the alphabet's size are thrown away (rejection sampling),
// so every character is equally likely: 31^10 codes, 49.5 bits from the OS CSPRNG.
const LIMIT = 256 - (256 % CODE_ALPHABET.length);

/** `n` fresh random codes in the stored form (upper case, no dashes); duplicates are possible but rare. */
export function makeCodes(n: number): string[] {
  const codes: string[] = [];
  let code = '';
  while (codes.length < n) {
    for (const byte of randomBytes(Math.max(64, (n - codes.length) * CODE_LENGTH * 2))) {
      if (byte >= LIMIT) continue;
      code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
      if (code.length === CODE_LENGTH) {
        codes.push(code);
        code = '';
        if (codes.length === n) break;
      }
    }
  }
  return codes;
}
