// vote.html is index.html plus one small script that asks for the ballot (src/public/vote/vote-entry.ts)
// while the app's main script, by far the largest download on a phone, still loads. The server sends
// it for /vote/type/... addresses. It runs independently (async) of the app, which takes its answer.
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

const ENTRY = 'src/public/vote/vote-entry.ts';

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
      const source = `${html.slice(0, at)}${tags}\n    ${html.slice(at)}`;
      this.emitFile({ type: 'asset', fileName: 'vote.html', source });
    },
  };
}
