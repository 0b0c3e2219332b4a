import { defineConfig } from 'vitest/config';

/**
 * Tests that start child processes (the built server, the backup command), move the clock, or are
 * heavy by nature (thousands of generated requests, a 500-target report): the `processes` project,
 * run apart from the others, each file in a fresh worker. `npm test` (scripts/test-all.mjs) runs it as
 * its own pass after the `app` project; `npx vitest run test/<file>.test.ts` finds a file in either.
 */
export const PROCESS_TESTS = [
  'test/backup.test.ts',
  'test/snapshots.test.ts',
  'test/crash.test.ts',
  'test/audit-crash.test.ts',
  'test/load-balancer.test.ts',
  'test/deploy-nginx-logs.test.ts',
  'test/process.test.ts',
  'test/shutdown.test.ts',
  'test/overload.test.ts',
  'test/fuzz-routes.test.ts',
  'test/report-large.test.ts',
  'test/slow-clients.test.ts',
  'test/disk-faults.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    // Migrates one database up front (or takes it from the cache); every file's database starts as a
    // copy of it.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // PGlite is CPU-bound WebAssembly; two files at a time suit this two-core machine.
    maxWorkers: 2,
    // The server's modules as transformed for the tests, kept on disk (node_modules/.experimental-vitest-cache,
    // by content hash): a run of one file, and each pass of npm test after the first, skips the
    // transforms (about a second of the first file's start).
    experimental: { fsModuleCache: true },
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          include: ['test/**/*.test.ts'],
          exclude: PROCESS_TESTS,
          // The app in this process, on a database of its own per file: the files of a worker share
          // their imports (the server's modules load once per worker, not once per file). Nothing in
          // them mocks a module; module-level caches are keyed so that a fresh database never meets
          // an old entry (see meeting-summary.ts, cover-cache.ts, the WeakMaps keyed by database).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'processes',
          include: PROCESS_TESTS,
          isolate: true,
        },
      },
    ],
  },
});
