import { timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { RegisterBody } from '@kaoping/contracts/auth';
import type { Db } from '../../db/client';
import { fail, isUniqueViolation } from '../../lib/errors';
import * as repo from './auth.repository';
import { passwordHasUsername, passwordProblem } from '@kaoping/contracts/password-rule';
import { checkPasswordLocked } from './account-locks';
import { startSession } from './sessions';
import type { Keys } from '../../lib/keys';
import { checkSignInCode, type SignInCode } from './totp.service';
import { ELEVATION_SECONDS, elevatedUntil, newSessionId, type TokenClaims } from './auth-token';
import { isRole, type SignedInAdmin } from './roles';

/** Signs claims into a bearer token (the app's JWT signer). */
export type SignToken = (claims: TokenClaims) => string;

// Verifying against this when the user does not exist keeps the timing the same either way.
const DUMMY_HASH = hash('not-a-real-password-kaoping');

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The claims of a token; a new sign-in gets a new session id, a re-sign keeps the one it had. */
const claimsOf = (user: repo.UserRow, sid = newSessionId()): TokenClaims => ({
  sub: String(user.id),
  username: user.username,
  tv: user.tokenVersion,
  sid,
});

export async function registrationStatus(db: Db, registrationCode: string | undefined) {
  const hasUsers = (await repo.countUsers(db)) > 0;
  return { has_users: hasUsers, code_required: hasUsers, open: !hasUsers || !!registrationCode };
}

/**
 * The first account may register freely and is the system admin; later ones need the operator's
 * REGISTRATION_CODE and get no role until a system admin gives one.
 */
export async function register(db: Db, input: RegisterBody, registrationCode: string | undefined) {
  const passwordHash = await hash(input.password);
  try {
    return await db.transaction(async (tx) => {
      await repo.lockRegistrations(tx);
      const first = (await repo.countUsers(tx)) === 0;
      if (!first) {
        if (!registrationCode) throw fail('REGISTRATION_CLOSED');
        if (!input.registration_code || !sameSecret(input.registration_code, registrationCode)) {
          throw fail('REGISTRATION_CODE_WRONG');
        }
      }
      const user = await repo.insertUser(tx, {
        username: input.username,
        passwordHash,
        role: first ? 'system_admin' : null,
        allUnits: first,
        mustChangePassword: false,
      });
      const claims = claimsOf(user);
      await startSession(tx, user.id, claims.sid);
      return { user: { id: user.id, username: user.username }, claims };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fail('USERNAME_TAKEN');
    throw err;
  }
}

/**
 * Checks the credentials, then the second factor of an account that has one (`otp`: a TOTP code or a
 * recovery code, totp.service.ts), and answers a bearer token without elevation.
 */
export async function login(
  db: Db,
  sign: SignToken,
  username: string,
  password: string,
  second: { keys: Keys; otp?: string },
) {
  const user = await repo.findUserByName(db, username.trim());
  // Per account: 5 wrong passwords in 15 minutes lock sign-in for 15 minutes (account-locks.ts).
  // The second factor counts under the same lock: a missing or wrong code is a failed attempt (a full
  // sign-in clears the count), so a known password cannot try codes without end (totp.service.ts).
  let code = 'none' as SignInCode;
  const ok = user
    ? await checkPasswordLocked(db, user.id, 'login', async () => {
        if (!(await verify(user.passwordHash, password))) return false;
        code = await checkSignInCode(db, second.keys, user, second.otp);
        return code === 'none' || code === 'right';
      })
    : await verify(await DUMMY_HASH, password);
  if (code === 'missing') throw fail('OTP_REQUIRED');
  if (code === 'wrong') throw fail('OTP_WRONG');
  if (!user || !ok) throw fail('LOGIN_FAILED');
  if (user.disabled) throw fail('ACCOUNT_DISABLED');
  // A password from before the rule of password-rule.ts still signs in, and must then be changed.
  if (!user.mustChangePassword && passwordProblem(password, user.username)) {
    await repo.updateUser(db, user.id, { mustChangePassword: true });
  }
  const claims = claimsOf(user);
  await startSession(db, user.id, claims.sid);
  return { access_token: sign(claims), token_type: 'bearer' as const };
}

/**
 * The administrator a token names, or 401: the account must exist, be enabled, and the token must be
 * of its current version (a password change or a disable ends older tokens).
 */
export async function signedInAdmin(db: Db, claims: TokenClaims): Promise<SignedInAdmin> {
  const id = Number(claims.sub);
  const user = Number.isSafeInteger(id) ? await repo.findUserWithUnits(db, id) : undefined;
  if (!user || user.disabled || user.tokenVersion !== (claims.tv ?? 0)) throw fail('SESSION_EXPIRED');
  const role = isRole(user.role) ? user.role : null;
  return {
    id: user.id,
    username: user.username,
    role,
    allUnits: role === 'system_admin' || (role === 'auditor' && user.allUnits),
    unitIds: user.unitIds,
    mustChangePassword: user.mustChangePassword,
    hasSecondFactor: user.totpSecret !== null,
  };
}

/** Re-checks the signed-in admin's password and answers a token elevated for ELEVATION_SECONDS. */
export async function enterAdvancedMode(
  db: Db,
  sign: SignToken,
  userId: number,
  password: string,
  sid?: string,
) {
  const user = await repo.findUserById(db, userId);
  if (!user) throw fail('SESSION_EXPIRED');
  if (!(await checkPasswordLocked(db, user.id, 'advanced', () => verify(user.passwordHash, password)))) {
    throw fail('ADMIN_PASSWORD_WRONG');
  }
  const until = Math.floor(Date.now() / 1000) + ELEVATION_SECONDS;
  return {
    access_token: sign({ ...claimsOf(user, sid), elevated_until: until }),
    token_type: 'bearer' as const,
    elevated_until: new Date(until * 1000).toISOString(),
  };
}

/**
 * The current password of a password change, counted under the account's lock (5 wrong ones lock the
 * change for 15 minutes). The route calls it before its handler: the change runs in the write's
 * transaction (admin-routes.ts), whose rollback of a refused change would undo the count.
 */
export async function checkCurrentPassword(db: Db, userId: number, password: string) {
  const user = await repo.findUserById(db, userId);
  if (!user) throw fail('SESSION_EXPIRED');
  const right = () => verify(user.passwordHash, password);
  if (!(await checkPasswordLocked(db, user.id, 'password', right))) throw fail('CURRENT_PASSWORD_WRONG');
}

/**
 * Changes one's own password, once checkCurrentPassword took the current one: every older token ends;
 * the answer is a fresh token.
 */
export async function changeOwnPassword(
  db: Db,
  sign: SignToken,
  userId: number,
  input: { current_password: string; new_password: string },
  sid?: string,
) {
  const user = await repo.findUserById(db, userId);
  if (!user) throw fail('SESSION_EXPIRED');
  if (input.current_password === input.new_password) throw fail('PASSWORD_UNCHANGED');
  if (passwordHasUsername(input.new_password, user.username)) throw fail('PASSWORD_HAS_USERNAME');
  const passwordHash = await hash(input.new_password);
  const row = await repo.updateUser(db, userId, { passwordHash, mustChangePassword: false }, true);
  return { access_token: sign(claimsOf(row!, sid)), token_type: 'bearer' as const };
}

/**
 * The signed-in admin: role, units, whether the password must be changed or a second factor set up
 * (`requireTotp`: REQUIRE_2FA), live elevation.
 */
export function currentAdmin(admin: SignedInAdmin, claims: TokenClaims, requireTotp = false) {
  return {
    id: admin.id,
    username: admin.username,
    role: admin.role,
    all_units: admin.allUnits,
    unit_ids: admin.allUnits ? [] : admin.unitIds,
    must_change_password: admin.mustChangePassword,
    elevated_until: elevatedUntil(claims)?.toISOString() ?? null,
    totp_enabled: admin.hasSecondFactor,
    must_set_up_totp: requireTotp && !admin.hasSecondFactor,
  };
}
