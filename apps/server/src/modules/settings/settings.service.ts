import type { SettingsBody, SettingsView } from '@kaoping/contracts/settings';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../audit/audit.repository';
import { deleteSetting, readSetting, writeSetting } from './settings.repository';

/**
 * The public address voting links, QR codes, slips and posters are built from: the one set on the
 * settings screen, else PUBLIC_URL, else none (never the address an admin's browser happens to use).
 */
export async function publicUrlSettings(db: Db, envDefault: string | undefined): Promise<SettingsView> {
  const stored = await readSetting(db, 'public_url');
  if (stored) return { public_url: stored, public_url_source: 'settings' };
  if (envDefault) return { public_url: envDefault, public_url_source: 'env' };
  return { public_url: null, public_url_source: 'none' };
}

/** The configured public address (no trailing slash), or null. */
export async function publicBase(db: Db, envDefault: string | undefined) {
  return (await publicUrlSettings(db, envDefault)).public_url;
}

/** Saves the settings (null clears the stored address, so PUBLIC_URL applies again); audited. */
export async function saveSettings(db: Db, body: SettingsBody, envDefault: string | undefined, actor: Actor) {
  await db.transaction(async (tx) => {
    if (body.public_url === null) await deleteSetting(tx, 'public_url');
    else await writeSetting(tx, 'public_url', body.public_url);
    await recordAudit(tx, actor, 'settings.update', { public_url: body.public_url });
  });
  return publicUrlSettings(db, envDefault);
}
