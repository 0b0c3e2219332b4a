// The migrations folder as it was before one migration: a copy whose journal stops just before `tag`, so
// a test can fill the old schema, then run the real folder (the migration under test and every later one).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverPath } from '../../src/lib/paths';

/** The real migrations folder. */
export const migrationsFolder = serverPath('drizzle');

/** A copy of the folder without `tag` and what follows; `index` is the tag's place in the journal. */
export function migrationsBefore(tag: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'kaoping-mig-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
  const index: number = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  return { folder, index, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
