// One voter opening a link on a slow hall Wi-Fi: Debian's Chromium, a phone-sized window, the network
// emulated through the DevTools protocol (400 kbps each way, 400 ms latency, browser cache off).
import { chromium, type Browser } from 'playwright-core';

export const NETWORK = { downloadKbps: 400, uploadKbps: 400, latencyMs: 400 };

export interface PageLoad {
  /** From navigation start until the first question (or the 开始投票 button) is visible. */
  first_question_ms: number;
  /** Until the cover image has arrived and is drawn (null without an image cover). */
  cover_shown_ms: number | null;
  /** Bytes on the wire (headers included) and requests, until the network is quiet. */
  bytes: number;
  requests: number;
  /** The app's own files that were fetched (scripts and styles), by name. */
  assets: string[];
  /** Bytes on the wire of the requests done before the first question (issue 29's budget: 60 KB). */
  bytes_before_first_question: number;
  /** Bytes on the wire (headers included) of each request, by path (assets without /assets/). */
  wire: Record<string, number>;
}

export const launch = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });

/** Opens `url` once in a fresh context and measures it. */
export async function loadVoterPage(browser: Browser, url: string, withCover: boolean): Promise<PageLoad> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 780 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: NETWORK.latencyMs,
    downloadThroughput: (NETWORK.downloadKbps * 1000) / 8,
    uploadThroughput: (NETWORK.uploadKbps * 1000) / 8,
  });
  let bytes = 0;
  let requests = 0;
  let lastActivity = Date.now();
  const inFlight = new Set<string>();
  const assets: string[] = [];
  const trace = new Map<string, { url: string; start: number; end?: number; bytes?: number }>();
  cdp.on('Network.requestWillBeSent', (e) => {
    trace.set(e.requestId, { url: e.request.url.replace(/^https?:\/\/[^/]+/, ''), start: Date.now() });
    requests++;
    inFlight.add(e.requestId);
    lastActivity = Date.now();
    const path = new URL(e.request.url).pathname;
    if (path.startsWith('/assets/')) assets.push(path.slice('/assets/'.length));
  });
  cdp.on('Network.loadingFinished', (e) => {
    const t = trace.get(e.requestId);
    if (t) Object.assign(t, { end: Date.now(), bytes: e.encodedDataLength });
    bytes += e.encodedDataLength;
    inFlight.delete(e.requestId);
    lastActivity = Date.now();
  });
  cdp.on('Network.loadingFailed', (e) => {
    inFlight.delete(e.requestId);
    lastActivity = Date.now();
  });

  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  const first = withCover
    ? page.getByRole('button', { name: '开始投票' })
    : page.locator('.kp-vote-step').locator('[role=radiogroup], fieldset').first();
  await first.waitFor({ state: 'visible', timeout: 120_000 });
  const firstQuestion = Date.now() - started;
  const shownAt = Date.now();
  const bytesBefore = [...trace.values()]
    .filter((t) => t.end !== undefined && t.end <= shownAt)
    .reduce((sum, t) => sum + (t.bytes ?? 0), 0);

  let coverShown: number | null = null;
  if (withCover) {
    const img = page.locator('img.kp-vote-cover-img');
    const drawn = () =>
      img.evaluate((el) => {
        const i = el as unknown as { complete: boolean; naturalWidth: number };
        return i.complete && i.naturalWidth > 0;
      });
    const until = Date.now() + 180_000;
    while (!(await drawn().catch(() => false))) {
      if (Date.now() > until) throw new Error('the cover image did not arrive within 180 s');
      await page.waitForTimeout(50);
    }
    coverShown = Date.now() - started;
  }
  // Quiet: nothing in flight for a second.
  while (inFlight.size > 0 || Date.now() - lastActivity < 1000) await page.waitForTimeout(100);
  await context.close();
  if (process.env.BENCH_TRACE === '1') {
    for (const t of trace.values()) {
      console.error(`${t.start - started}\t${(t.end ?? 0) - started}\t${t.bytes}\t${t.url.slice(0, 90)}`);
    }
    console.error(`first question at ${firstQuestion}`);
  }
  const wire: Record<string, number> = {};
  for (const t of trace.values()) {
    const name = t.url.split('?')[0]!.replace(/^\/assets\//, '');
    wire[name] = (wire[name] ?? 0) + (t.bytes ?? 0);
  }
  return {
    first_question_ms: firstQuestion,
    cover_shown_ms: coverShown,
    bytes,
    requests,
    assets,
    bytes_before_first_question: bytesBefore,
    wire,
  };
}
