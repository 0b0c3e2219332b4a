import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Migrates one database up front; every file's database starts as a copy of it.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // PGlite is CPU-bound WebAssembly; two files at a time suit this two-core machine.
    maxWorkers: 2,
  },
});
