import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Two real servers on fresh data folders: "first-run" has never seen an admin (for the first
// registration), "app" is shared by every other spec, which registers its own admin with the code.
export const REGISTRATION_CODE = 'e2e-registration-code';
/** Known to the tests so they can sign a token that has really expired. */
export const JWT_SECRET = 'e2e-jwt-secret-that-is-long-enough-0123456789';
const APP_PORT = Number(process.env.E2E_APP_PORT ?? 4311);
const FIRST_RUN_PORT = Number(process.env.E2E_FIRST_RUN_PORT ?? 4312);
// Private build outputs (E2E_SERVER_ENTRY, E2E_WEB_DIST) let several people run e2e side by side.
const serverEntry =
  process.env.E2E_SERVER_ENTRY ?? path.resolve(import.meta.dirname, '../apps/server/dist/main.js');
export const webDist = process.env.E2E_WEB_DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist');

const server = (port: number, extraEnv: Record<string, string> = {}) => ({
  command: `node ${serverEntry}`,
  url: `http://127.0.0.1:${port}/api/v1/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kaoping-e2e-')),
    LOG_LEVEL: 'warn',
    WEB_DIST: webDist,
    // No automatic snapshots: the specs close votes about 30 times, and each 结束投票's snapshot (copy, gzip,
    // and the check that opens it) took about 2 s of the server's CPU, half of all it used. The snapshots are
    // the process tests' subject (apps/server/test/snapshots.test.ts), run on the built server.
    SNAPSHOTS: 'off',
    ...extraEnv,
  },
});

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // E2E_OUTPUT lets parallel runs keep their own artefacts (a run empties its output folder).
  outputDir: process.env.E2E_OUTPUT ?? 'test-results',
  reporter: [['list'], ['json', { outputFile: `${process.env.E2E_OUTPUT ?? 'test-results'}/results.json` }]],
  use: {
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // The system's "reduce motion" setting, which the app follows (antd's animations off): the tests
    // check what the pages do, not their animations, and the frames of every dialog and menu opening cost
    // about a tenth of the tier's CPU (388 against 432 CPU-seconds for the whole run, 2026-11-26).
    reducedMotion: 'reduce',
    // A failed test's retry records its trace with the DOM at each step (CI retries once; locally, run with
    // --trace on), without the screencast, and the screenshot of a failure is kept beside it. Recording every
    // test and keeping only the failures' cost Playwright 13 of its 38 CPU-seconds in a whole run
    // (2026-11-26); the screencast had cost a quarter of the tier (90 against 66 s for 8 tests).
    trace: { mode: 'on-first-retry', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'first-run',
      testMatch: /first-run\.spec\.ts/,
      use: { ...chromium, baseURL: `http://127.0.0.1:${FIRST_RUN_PORT}` },
    },
    {
      name: 'app',
      testIgnore: /first-run\.spec\.ts/,
      use: { ...chromium, baseURL: `http://127.0.0.1:${APP_PORT}` },
    },
  ],
  webServer: [
    // PUBLIC_URL: voting links, QR codes and slips are built from the configured public address only.
    server(APP_PORT, {
      REGISTRATION_CODE,
      JWT_SECRET,
      REGISTER_RATE_LIMIT: '100000',
      // Every test signs in as the root account to give its own admin a role: on a fast machine that is
      // more than the default 10 sign-ins a minute per account. The limit itself is tested by the server suite.
      LOGIN_RATE_LIMIT: '100000',
      PUBLIC_URL: `http://127.0.0.1:${APP_PORT}`,
    }),
    server(FIRST_RUN_PORT),
  ],
});
