// Usage: node scripts/screenshot.mjs <url> <out.png> [width=1366] [--token=JWT] [--full]
// Takes a screenshot in Debian's Chromium, optionally signed in (token put in local storage first).
import { chromium } from '@playwright/test';

const [url, out, widthArg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const token = process.argv.find((a) => a.startsWith('--token='))?.slice(8);
const full = process.argv.includes('--full');
if (!url || !out) {
  console.error('usage: node scripts/screenshot.mjs <url> <out.png> [width] [--token=JWT] [--full]');
  process.exit(2);
}
const width = Number(widthArg ?? 1366);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await browser.newPage({
  viewport: { width, height: width < 600 ? 780 : 860 },
  deviceScaleFactor: 1,
});
if (token) {
  await page.goto(new URL('/', url).toString());
  await page.evaluate((t) => localStorage.setItem('access_token', t), token);
}
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(Number(process.env.SHOT_WAIT_MS ?? 500));
await page.screenshot({ path: out, fullPage: full });
await browser.close();
console.log(out);
