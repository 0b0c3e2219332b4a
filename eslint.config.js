import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Web features never import each other: one feature's code reaches another only through what they share
// (`src/api`, `src/components`, `src/lib`), or through the app (`src/app`), which may put two together.
const FEATURES = 'apps/web/src/features';
const FEATURE_APART =
  '功能模块（features/*）之间不得互相引用：共享的数据请求放在 src/api，共享的界面放在 src/components';
const featureBoundaries = readdirSync(new URL(FEATURES, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap(({ name }) =>
    // One block per folder depth: a relative path that climbs out of the feature is refused as well.
    [0, 1, 2, 3].map((depth) => ({
      files: [`${FEATURES}/${name}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      // Tests may reach their helpers in apps/web/test.
      ignores: ['**/*.test.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { regex: `^@/features/(?!${name}/)`, message: FEATURE_APART },
              {
                regex: `^(\\.\\./){${depth + 1},}`,
                message: `${FEATURE_APART}；引用本功能以外的代码请用 @/ 路径`,
              },
            ],
          },
        ],
      },
    })),
  );

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-*/**',
      '.test-results/**',
      '**/node_modules/**',
      'apps/server/drizzle/**',
      '**/playwright-report/**',
      '**/test-results/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...featureBoundaries,
  {
    // The shared layers serve every screen, so they know no feature and no app code.
    files: ['apps/web/src/{api,components,lib}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*', '**/features/**', '**/app/**'],
              message: 'src/api、src/components、src/lib 是共享层，不得引用 features 或 app',
            },
          ],
        },
      ],
    },
  },
  {
    // Voter pages must stay light and never pull admin code into their chunk.
    files: ['apps/web/src/public/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/features/*',
                '@/components/*',
                '@/app/admin/*',
                '**/features/**',
                'antd',
                'antd/*',
                '@ant-design/*',
              ],
              message: '投票端不得引用管理端代码',
            },
          ],
        },
      ],
    },
  },
);
