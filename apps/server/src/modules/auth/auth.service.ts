import { timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { RegisterBody } from '@kaoping/contracts/auth';
import type { Db } from '../../db/client';
import { conflict, forbidden, isUniqueViolation, unauthorized } from '../../lib/errors';
import * as repo from './auth.repository';
import { ELEVATION_SECONDS, elevatedUntil, type TokenClaims } from './auth-token';

/** Signs claims into a bearer token (the app's JWT signer). */
export type SignToken = (claims: TokenClaims) => string;

// Verifying against this when the user does not exist keeps the timing the same either way.
const DUMMY_HASH = hash('not-a-real-password-kaoping');

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function registrationStatus(db: Db, registrationCode: string | undefined) {
  const hasUsers = (await repo.countUsers(db)) > 0;
  return { has_users: hasUsers, code_required: hasUsers, open: !hasUsers || !!registrationCode };
}

/** The first account may register freely; later ones need the operator's REGISTRATION_CODE. */
export async function register(db: Db, input: RegisterBody, registrationCode: string | undefined) {
  const passwordHash = await hash(input.password);
  try {
    return await db.transaction(async (tx) => {
      await repo.lockRegistrations(tx);
      if ((await repo.countUsers(tx)) > 0) {
        if (!registrationCode) throw forbidden('注册已关闭：系统已有管理员，请联系管理员创建账号');
        if (!input.registration_code || !sameSecret(input.registration_code, registrationCode)) {
          throw forbidden('注册码错误');
        }
      }
      const user = await repo.insertUser(tx, input.username, passwordHash);
      return { id: user.id, username: user.username };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('用户名已存在');
    throw err;
  }
}

/** Checks the credentials and answers a bearer token without elevation. */
export async function login(db: Db, sign: SignToken, username: string, password: string) {
  const user = await repo.findUserByName(db, username.trim());
  const ok = await verify(user?.passwordHash ?? (await DUMMY_HASH), password);
  if (!user || !ok) throw unauthorized('用户名或密码错误');
  return {
    access_token: sign({ sub: String(user.id), username: user.username }),
    token_type: 'bearer' as const,
  };
}

async function getUser(db: Db, userId: number) {
  const user = await repo.findUserById(db, userId);
  if (!user) throw unauthorized('登录已失效，请重新登录');
  return user;
}

/** Re-checks the signed-in admin's password and answers a token elevated for ELEVATION_SECONDS. */
export async function enterAdvancedMode(db: Db, sign: SignToken, userId: number, password: string) {
  const user = await getUser(db, userId);
  if (!(await verify(user.passwordHash, password))) throw forbidden('管理员密码错误');
  const until = Math.floor(Date.now() / 1000) + ELEVATION_SECONDS;
  return {
    access_token: sign({ sub: String(user.id), username: user.username, elevated_until: until }),
    token_type: 'bearer' as const,
    elevated_until: new Date(until * 1000).toISOString(),
  };
}

/** The signed-in admin, with the end of a live advanced-mode elevation. */
export async function currentAdmin(db: Db, claims: TokenClaims) {
  const user = await getUser(db, Number(claims.sub));
  return {
    id: user.id,
    username: user.username,
    elevated_until: elevatedUntil(claims)?.toISOString() ?? null,
  };
}
