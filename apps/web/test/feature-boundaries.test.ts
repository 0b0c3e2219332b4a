import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's own lint configuration, applied to code that pretends to live at `path`.
const eslint = new ESLint({ cwd: resolve(dirname(fileURLToPath(import.meta.url)), '../../..') });

async function refused(path: string, ...sources: string[]) {
  const code = sources.map((s, i) => `import { x${i} } from '${s}';\nexport { x${i} };\n`).join('');
  const [result] = await eslint.lintText(code, { filePath: `apps/web/src/${path}` });
  return result!.messages
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => sources[(m.line - 1) / 2]);
}

describe('feature boundaries (lint)', () => {
  it("refuses a feature's import of another feature, by alias or by a relative path", async () => {
    expect(
      await refused(
        'features/covers/components/x.tsx',
        '@/features/results/lib/format',
        '../../vote-targets/components/target-columns',
        '../../../lib/api-client',
        '@/api/vote-types',
        '@/components/page-header',
        '@/lib/api-client',
        '../api/covers',
        './cover-card',
      ),
    ).toEqual([
      '@/features/results/lib/format',
      '../../vote-targets/components/target-columns',
      '../../../lib/api-client',
    ]);
  });

  it('lets a deeper file reach the rest of its own feature only', async () => {
    expect(
      await refused(
        'features/cadre-polls/components/poll-editor/x.tsx',
        '../../api/poll-ballots',
        '@/features/cadre-polls/api/poll-ballots',
        '../../../results/lib/format',
      ),
    ).toEqual(['../../../results/lib/format']);
  });

  it('keeps the shared layers free of features and app code; the app may combine features', async () => {
    expect(await refused('components/x.tsx', '@/features/results/lib/format', '@/app/routes')).toHaveLength(
      2,
    );
    expect(await refused('api/x.ts', '@/features/vote-types/api/vote-types')).toHaveLength(1);
    expect(await refused('lib/x.ts', '../features/results/lib/format')).toHaveLength(1);
    expect(
      await refused(
        'app/admin/x.tsx',
        '@/features/newly-promoted/components/newly-promoted-page',
        '@/features/vote-targets/components/evaluation-subjects-list',
      ),
    ).toEqual([]);
  });
});
