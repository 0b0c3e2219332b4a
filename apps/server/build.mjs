// Bundles the server (and the contracts it imports) into dist/main.js, its report render worker into
// dist/render-worker.js and the backup tool into dist/backup-cli.js; npm packages stay external.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@kaoping/'));

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
};
// SERVER_OUTFILE lets a parallel e2e run (or a test) build a private copy.
const outfile = process.env.SERVER_OUTFILE ?? 'dist/main.js';
await build({ ...common, entryPoints: ['src/main.ts'], outfile });
// The report render worker (lib/report/render-pool.ts starts it from beside main.js).
await build({
  ...common,
  entryPoints: ['src/lib/report/render-worker.ts'],
  outfile: path.join(path.dirname(outfile), 'render-worker.js'),
});
// `node dist/backup-cli.js backup|restore FILE` where the sources are not installed.
await build({
  ...common,
  entryPoints: ['src/backup-cli.ts'],
  outfile: path.join(path.dirname(outfile), 'backup-cli.js'),
});
