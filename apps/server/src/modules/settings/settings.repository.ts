import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

/**
 * Keys of the settings table (`meeting_share:<companyId>`: a unit's meeting screen share token;
 * `meeting_summary_confirmed:<roundId>`: what the meeting screen's 汇总 was confirmed for).
 */
export type SettingKey =
  'jwt_secret' | 'public_url' | `meeting_share:${number}` | `meeting_summary_confirmed:${number}`;

export async function readSetting(db: Db, key: SettingKey) {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

export async function writeSetting(db: Db, key: SettingKey, value: string) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}

/** Stores the value unless the key already has one; answers the value that is kept. */
export async function keepFirstSetting(db: Db, key: SettingKey, value: string) {
  await db.insert(settings).values({ key, value }).onConflictDoNothing();
  return (await readSetting(db, key))!;
}

export async function deleteSetting(db: Db, key: SettingKey) {
  await db.delete(settings).where(eq(settings.key, key));
}

/** The key of a settings row holding this value under a key that starts with `prefix`, if any. */
export async function findSettingKeyByValue(db: Db, prefix: string, value: string) {
  const rows = await db
    .select({ key: settings.key })
    .from(settings)
    .where(and(eq(settings.value, value), like(settings.key, `${prefix}%`)));
  return rows[0]?.key;
}
