// vote.html is index.html plus one small script that asks for the ballot (src/public/vote/vote-entry.ts)
// while the app's main script, by far the largest download on a phone, still loads. The server sends
// it for /vote/type/... addresses. It runs independently (async) of the app, which takes its answer.
// One copy per ballot family (vote-democratic_appraisal.html, vote-democratic_evaluation.html) also
// preloads that family's forms: the server knows the link's family and sends that copy, so the forms
// download beside the main script instead of after the ballot's answer (one round trip less).
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

const ENTRY = 'src/public/vote/vote-entry.ts';
/** Each family's forms, as family-steps.ts imports them. */
const FAMILY_STEPS = {
  democratic_appraisal: 'src/public/vote/appraisal-step.tsx',
  democratic_evaluation: 'src/public/vote/evaluation-step.tsx',
};

/** The file names of a chunk and of every chunk it imports statically. */
function withImports(bundle: OutputBundle, first: OutputChunk) {
  const seen = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(first);
  return [...seen];
}

export function voteHtmlPlugin(): Plugin {
  return {
    name: 'kaoping-vote-html',
    apply: 'build',
    enforce: 'post',
    options(opts) {
      // The entry script is built beside the app's own (index.html).
      const input = opts.input;
      const html =
        typeof input === 'string' ? { index: input } : Array.isArray(input) ? { index: input[0]! } : input;
      return { ...opts, input: { ...html, 'vote-entry': ENTRY } };
    },
    generateBundle(_opts, bundle) {
      const index = bundle['index.html'];
      const entry = Object.values(bundle).find(
        (c): c is OutputChunk => c.type === 'chunk' && c.isEntry && c.name === 'vote-entry',
      );
      if (index?.type !== 'asset' || !entry) throw new Error('vote.html: index.html or vote-entry missing');
      const [script, ...imports] = withImports(bundle, entry);
      const tags = [
        `<script type="module" async crossorigin src="/${script}"></script>`,
        ...imports.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
      ].join('\n    ');
      const html = String(index.source);
      const at = html.indexOf('<script type="module"');
      if (at < 0) throw new Error('vote.html: index.html has no module script');
      const page = (extra: string[]) =>
        `${html.slice(0, at)}${[tags, ...extra].join('\n    ')}\n    ${html.slice(at)}`;
      this.emitFile({ type: 'asset', fileName: 'vote.html', source: page([]) });
      const listed = new Set([script, ...imports]);
      for (const [family, module] of Object.entries(FAMILY_STEPS)) {
        const chunk = Object.values(bundle).find(
          (c): c is OutputChunk => c.type === 'chunk' && !!c.facadeModuleId?.endsWith(module),
        );
        if (!chunk) throw new Error(`vote.html: no chunk for ${module}`);
        // Files the page already names (index.html's own preloads included) are not named twice.
        const files = withImports(bundle, chunk).filter((f) => !listed.has(f) && !html.includes(`/${f}"`));
        const preloads = files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
        this.emitFile({ type: 'asset', fileName: `vote-${family}.html`, source: page(preloads) });
      }
    },
  };
}
