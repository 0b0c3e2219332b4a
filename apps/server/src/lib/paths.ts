import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The server runs from src/ (tests, tsx) and from the bundled dist/main.js; both sit one level below the root.
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle.config.ts'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('找不到服务端根目录（drizzle.config.ts）');
    dir = parent;
  }
  return dir;
}

const root = findServerRoot();

/** A path inside apps/server, wherever the code runs from. */
export function serverPath(...parts: string[]): string {
  return path.join(root, ...parts);
}
