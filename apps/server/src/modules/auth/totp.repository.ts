import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { totpRecoveryCodes, users } from '../../db/schema';

/** Keeps a newly made secret (encrypted) as pending until a code confirms it; any earlier pending one goes. */
export async function setPendingSecret(db: Db, userId: number, encrypted: string) {
  await db.update(users).set({ totpPendingSecret: encrypted }).where(eq(users.id, userId));
}

/**
 * Turns the pending secret on, unless another request did first or a newer setup replaced it: the
 * pending text must still be the one that was checked. The accepted step is taken, so that code
 * cannot sign in afterwards.
 */
export async function turnOn(db: Db, userId: number, pending: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecret: pending, totpPendingSecret: null, totpLastStep: step })
    .where(and(eq(users.id, userId), eq(users.totpPendingSecret, pending), isNull(users.totpSecret)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Takes a time step for the account: true once per step, and only for a step after the last one taken,
 * however many requests race with the same code.
 */
export async function takeStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** The account's recovery codes replaced by new ones (their MACs). */
export async function replaceRecoveryCodes(db: Db, userId: number, codeHashes: string[]) {
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  if (codeHashes.length) {
    await db.insert(totpRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }
}

/** Marks an unused recovery code used: true once, whoever races. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(totpRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(totpRecoveryCodes.userId, userId),
        eq(totpRecoveryCodes.codeHash, codeHash),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: totpRecoveryCodes.id });
  return rows.length === 1;
}

/** The second factor off: secret, pending secret, last step and recovery codes gone. */
export async function clearSecondFactor(db: Db, userId: number) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
      .where(eq(users.id, userId));
    await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  });
}
