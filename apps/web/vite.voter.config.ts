// The voter pages' own build (voter.html → public/voter-main.tsx): the same source as the admin app's
// voter routes, with Preact (preact/compat) in place of React and a path switch in place of react-router,
// so a phone moves a fraction of the bytes before the first question (issue 29, decision 0053). It
// writes into the admin build's folder (vite.config.ts runs it after its own build), beside index.html;
// the server sends voter.html for /, /home and /vote/..., with the ballot of a /vote/type/... link written
// into it (apps/server/src/modules/public/voter-page.ts).
import { fileURLToPath, URL } from 'node:url';
import type { OutputBundle } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { precompressPlugin } from './vite-precompress.ts';

const src = (p: string) => fileURLToPath(new URL(`./src/${p}`, import.meta.url));

/** The chunk of each ballot family's forms (public/vote/family-steps.ts), by `form_category`. */
const FAMILY_STEPS = {
  democratic_appraisal: 'src/public/vote/appraisal-step.tsx',
  democratic_evaluation: 'src/public/vote/evaluation-step.tsx',
  democratic_recommendation: 'src/public/vote/recommendation-step.tsx',
};

/** Where the server reads which files a family's forms need (.vite is never served). */
export const VOTER_FAMILIES_FILE = '.vite/voter-families.json';

/**
 * Writes, for each family, the scripts and styles its forms load beyond the entry's own, so the server
 * can name them in the page of a link of that family (modulepreload) and the browser fetches them with
 * the entry rather than after it.
 */
function familyFilesPlugin(): Plugin {
  return {
    name: 'kaoping-voter-families',
    apply: 'build',
    generateBundle(_opts, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('voter build: no entry chunk');
      /** A chunk's file, its static imports' files, and their styles. */
      const closure = (fileName: string, seen = new Set<string>()) => {
        const chunk = byName.get(fileName);
        if (!chunk || seen.has(fileName)) return seen;
        seen.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
        for (const next of chunk.imports) closure(next, seen);
        return seen;
      };
      const loaded = closure(entry.fileName);
      const families = Object.fromEntries(
        Object.entries(FAMILY_STEPS).map(([family, module]) => {
          const chunk = chunks.find((c) => c.facadeModuleId === src(module.slice('src/'.length)));
          if (!chunk) throw new Error(`voter build: no chunk for ${module}`);
          return [family, [...closure(chunk.fileName)].filter((f) => !loaded.has(f))];
        }),
      );
      this.emitFile({ type: 'asset', fileName: VOTER_FAMILIES_FILE, source: JSON.stringify(families) });
    },
  };
}

export default defineConfig({
  plugins: [familyFilesPlugin(), precompressPlugin()],
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react-router$/, replacement: src('public/lib/path-router.ts') },
      { find: /^@\//, replacement: `${src('')}` },
    ],
  },
  build: {
    // Beside the admin build, which empties the folder first.
    emptyOutDir: false,
    copyPublicDir: false,
    manifest: '.vite/voter-manifest.json',
    rollupOptions: { input: { voter: fileURLToPath(new URL('./voter.html', import.meta.url)) } },
  },
});
