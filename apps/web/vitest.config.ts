import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
      css: false,
      testTimeout: 20_000,
      // Two files at a time on a two-core machine (vitest's default is one core fewer than there are).
      maxWorkers: 2,
      // The files of a worker share their imports: antd, React and the app load once per worker, not
      // once per file (about 1.5 s a file). test/setup.ts empties what the modules keep between tests
      // (the admin providers' query cache, localStorage, the rendered tree).
      isolate: false,
    },
  }),
);
