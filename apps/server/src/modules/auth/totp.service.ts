import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, TOTP_CODE_PATTERN, TOTP_ISSUER } from '@kaoping/contracts/totp';
import { generateSecret, generateURI, verifySync } from 'otplib';
import type { Db } from '../../db/client';
import type { AuditContext } from '../../lib/audit-context';
import { fail } from '../../lib/errors';
import { decryptSecret, encryptSecret, macOf, type Keys } from '../../lib/keys';
import * as repo from './auth.repository';
import * as totpRepo from './totp.repository';

// Two-factor sign-in (TOTP, RFC 6238; docs/decisions/0046-two-factor-sign-in.md). The secret lives in the
// database only encrypted with the data folder's key (lib/keys.ts); recovery codes only as keyed MACs.

/** One step of an authenticator app's code. */
const PERIOD = 30;
/** ±1 step of clock drift between the phone and the server. */
const DRIFT_SECONDS = PERIOD;
// Recovery codes: 10 letters and digits a person cannot confuse (no 0/o, 1/l/i), about 49 bits.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

/** The step a code was made for, when it is right for the secret now (±1 step) and after `afterStep`. */
function stepOf(secret: string, code: string, afterStep: number | null): number | null {
  if (!TOTP_CODE_PATTERN.test(code)) return null;
  try {
    const result = verifySync({
      secret,
      token: code,
      period: PERIOD,
      epochTolerance: DRIFT_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** What the database keeps of a recovery code: a MAC with the key outside it, tied to the account. */
const recoveryMac = (keys: Keys, userId: number, normalized: string) =>
  macOf(keys, keys.secret, 'totp recovery code', String(userId), normalized);

async function userOf(db: Db, userId: number) {
  const user = await repo.findUserById(db, userId);
  if (!user) throw fail('SESSION_EXPIRED');
  return user;
}

/**
 * A second factor of an account that has one: a current code (taken once: no later request may use the
 * same or an earlier step) or an unused recovery code (used up).
 */
async function acceptSecondFactor(db: Db, keys: Keys, user: repo.UserRow, code: string): Promise<boolean> {
  if (!user.totpSecret) return false;
  if (TOTP_CODE_PATTERN.test(code)) {
    const step = stepOf(decryptSecret(keys, user.totpSecret), code, user.totpLastStep);
    return step !== null && (await totpRepo.takeStep(db, user.id, step));
  }
  const normalized = normalizeRecovery(code);
  if (normalized.length !== RECOVERY_LENGTH) return false;
  return totpRepo.useRecoveryCode(db, user.id, recoveryMac(keys, user.id, normalized));
}

/** What the sign-in's second step found: no second factor, a right code, none sent, or a wrong one. */
export type SignInCode = 'none' | 'right' | 'missing' | 'wrong';

/**
 * The sign-in's second step, once the password was found right: a current code (taken once) or an unused
 * recovery code (used up). The login counts 'missing' and 'wrong' toward the account's lock like a wrong
 * password (auth.service.ts), so the password alone cannot be used to try codes without end.
 */
export async function checkSignInCode(
  db: Db,
  keys: Keys,
  user: repo.UserRow,
  otp: string | undefined,
): Promise<SignInCode> {
  if (!user.totpSecret) return 'none';
  const code = otp?.trim() ?? '';
  if (!code) return 'missing';
  return (await acceptSecondFactor(db, keys, user, code)) ? 'right' : 'wrong';
}

/** A new secret for one's own account, kept encrypted as pending until `enable` confirms it with a code. */
export async function setUp(db: Db, keys: Keys, userId: number, audit: AuditContext) {
  const user = await userOf(db, userId);
  if (user.totpSecret) throw fail('TOTP_ALREADY_ENABLED');
  const secret = generateSecret();
  await totpRepo.setPendingSecret(db, userId, encryptSecret(keys, secret));
  audit.summary = `账号“${user.username}”生成双因素密钥（待验证）`;
  audit.objectType = 'account';
  audit.objectId = String(userId);
  return { secret, otpauth_url: generateURI({ issuer: TOTP_ISSUER, label: user.username, secret }) };
}

/** Turns the pending secret on when the code is right; answers the recovery codes, shown this once. */
export async function enable(db: Db, keys: Keys, userId: number, code: string, audit: AuditContext) {
  const user = await userOf(db, userId);
  if (user.totpSecret) throw fail('TOTP_ALREADY_ENABLED');
  const pending = user.totpPendingSecret;
  if (!pending) throw fail('TOTP_NOT_SET_UP');
  const step = stepOf(decryptSecret(keys, pending), code, null);
  if (step === null) throw fail('TOTP_CODE_WRONG');
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction(async (tx) => {
    if (!(await totpRepo.turnOn(tx, userId, pending, step))) throw fail('TOTP_NOT_SET_UP');
    await totpRepo.replaceRecoveryCodes(
      tx,
      userId,
      codes.map((c) => recoveryMac(keys, userId, normalizeRecovery(c))),
    );
  });
  audit.summary = `账号“${user.username}”启用双因素认证`;
  audit.objectType = 'account';
  audit.objectId = String(userId);
  return { recovery_codes: codes };
}

/** One's own second factor off: needs a current code or a recovery code, and is refused under REQUIRE_2FA. */
export async function disable(
  db: Db,
  keys: Keys,
  userId: number,
  code: string,
  requireTotp: boolean,
  audit: AuditContext,
) {
  const user = await userOf(db, userId);
  if (!user.totpSecret) throw fail('TOTP_NOT_ENABLED');
  if (requireTotp) throw fail('TOTP_REQUIRED_BY_POLICY');
  if (!(await acceptSecondFactor(db, keys, user, code))) throw fail('TOTP_CODE_WRONG');
  await totpRepo.clearSecondFactor(db, userId);
  audit.summary = `账号“${user.username}”停用双因素认证`;
  audit.objectType = 'account';
  audit.objectId = String(userId);
}

/**
 * A system admin turns another account's second factor off (a lost phone and no recovery code left):
 * the account signs in with its password alone, or sets a new one up at once under REQUIRE_2FA.
 */
export async function resetByAdmin(db: Db, selfId: number, id: number, audit: AuditContext) {
  if (id === selfId) throw fail('TOTP_RESET_SELF');
  const before = await repo.findUserById(db, id);
  if (!before) throw fail('ACCOUNT_NOT_FOUND');
  if (!before.totpSecret && !before.totpPendingSecret) throw fail('TOTP_NOT_ENABLED');
  await totpRepo.clearSecondFactor(db, id);
  audit.summary = `重置账号“${before.username}”的双因素认证`;
  audit.objectType = 'account';
  audit.objectId = String(id);
}
