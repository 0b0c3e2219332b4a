// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, once, at build time,
// so the server sends compressed bytes without compressing on each request (@fastify/static preCompressed).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compresses one file; a copy that would not be smaller is not written, so the original is sent. */
async function precompress(file: string) {
  const data = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < data.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped);
}

/**
 * Compresses what this build wrote (and the public folder it copied), not the whole output folder: the
 * voter build (vite.voter.config.ts) writes into the admin build's folder, and neither touches the other's.
 */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  let publicDir: string | null = null;
  const written: string[] = [];
  return {
    name: 'kaoping-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      publicDir = config.build.copyPublicDir && config.publicDir ? config.publicDir : null;
    },
    writeBundle(_opts, bundle) {
      // The manifests under .vite are never served.
      const served = Object.keys(bundle).filter((name) => !name.startsWith('.'));
      written.push(...served.map((name) => path.join(outDir, name)));
    },
    async closeBundle() {
      const files = [...written];
      if (publicDir) {
        try {
          for await (const file of filesUnder(publicDir))
            files.push(path.join(outDir, path.relative(publicDir, file)));
        } catch {
          // No public folder.
        }
      }
      await Promise.all(files.filter((f) => COMPRESSIBLE.test(f)).map(precompress));
    },
  };
}
