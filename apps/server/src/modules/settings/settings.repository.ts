import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

/** Keys of the settings table. */
export type SettingKey = 'jwt_secret' | 'public_url';

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
