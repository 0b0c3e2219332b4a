// Issue 28 "Uploads": a spreadsheet import is checked before exceljs parses it. A 1.2 MB file holding
// 358 MB of XML took 57 s and 3.1 GB and held /health for 20 s; now the zip's declared sizes and the bytes
// actually inflated are bounded (50 MB) and the rows read stop past 2,000 (lib/xlsx-limits.ts).
import { createDeflateRaw } from 'node:zlib';
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkXlsxLimits } from '../src/lib/xlsx-limits';
import { bearer, createCompany, multipartFile } from './helpers/factories';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';
import { XLSX_TYPE, xlsxOf } from './helpers/xlsx-files';

let ctx: TestContext;
let token: string;
const w = useAdminWorld();
beforeEach(() => ({ ctx, token } = w));

const HEAD = ['名称', '类型', '职务'];
const MB = 1024 * 1024;
const SHEET = 'xl/worksheets/sheet1.xml';

const upload = (companyId: number, data: Buffer) => {
  const file = multipartFile(data, 'list.xlsx', XLSX_TYPE);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/vote-targets/import?company_id=${companyId}`,
    headers: { ...bearer(token), ...file.headers },
    payload: file.payload,
  });
};
const targets = async () =>
  (
    (await ctx.database.db.execute(sql`SELECT count(*)::int AS n FROM vote_targets`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]!.n;

interface Entry {
  name: string;
  /** Deflated bytes (method 8). */
  deflated: Buffer;
  /** The size the zip's headers state for the unpacked entry. */
  declared: number;
}

/** A zip as a spreadsheet program writes one (deflate, local headers, central directory); CRCs left 0. */
function zipOf(entries: Entry[]) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(e.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.deflated.length, 20);
    central.writeUInt32LE(e.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.deflated);
    centrals.push(central, name);
    offset += 30 + name.length + e.deflated.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** Deflates `head`, `repeat` × `unit` and `tail` as a stream: the unpacked text never sits in memory. */
async function deflateRepeated(head: string, unit: Buffer, repeat: number, tail: string) {
  const z = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  z.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => z.on('end', resolve));
  z.write(head);
  for (let i = 0; i < repeat; i++) {
    if (!z.write(unit)) await new Promise((resolve) => z.once('drain', resolve));
  }
  z.end(tail);
  await done;
  return {
    deflated: Buffer.concat(out),
    size: Buffer.byteLength(head) + unit.length * repeat + Buffer.byteLength(tail),
  };
}

/** A valid .xlsx of the import's template whose first sheet is replaced by `sheet` (its entries re-zipped). */
async function xlsxWithSheet(sheet: { deflated: Buffer; declared: number }) {
  const zip = await JSZip.loadAsync(await xlsxOf([HEAD, ['王建国', '个人', '']]));
  const entries: Entry[] = [];
  for (const file of Object.values(zip.files)) {
    const name = file.name;
    const bytes = await file.async('nodebuffer');
    if (name === SHEET) {
      entries.push({ name, ...sheet });
      continue;
    }
    const d = await deflateRepeated('', bytes, 1, '');
    entries.push({ name, deflated: d.deflated, declared: bytes.length });
  }
  return zipOf(entries);
}

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
  '<row r="1"><c r="A1" t="inlineStr"><is><t>名称</t></is></c><c r="B1" t="inlineStr"><is><t>类型</t></is></c>' +
  '<c r="C1" t="inlineStr"><is><t>职务</t></is></c></row>';
const SHEET_TAIL = '</sheetData></worksheet>';
/** 1 MB of rows that carry only formatting: exceljs makes an object of each, the import skips them. */
const FORMATTED_ROWS = Buffer.from('<row><c s="0"/><c s="0"/><c s="0"/></row>'.repeat(25_000));
/** 1 MB of rows with a name in each. */
const DATA_ROWS = Buffer.from('<row><c t="inlineStr"><is><t>王</t></is></c></row>'.repeat(22_000));

/** RSS and heap before, the highest seen while `run` runs (sampled every 5 ms) and after; and the time. */
async function measure<T>(run: () => Promise<T>) {
  const before = process.memoryUsage();
  const maxBefore = process.resourceUsage().maxRSS * 1024;
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 5);
  const start = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = await run();
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(timer);
  sample();
  const maxAfter = process.resourceUsage().maxRSS * 1024;
  return {
    result,
    ms,
    /** CPU time of the whole process meanwhile (zlib's threads included): the work, whatever the load. */
    cpuMs: (cpu.user + cpu.system) / 1000,
    rssGrowth: peakRss - before.rss,
    heapGrowth: peakHeap - before.heapUsed,
    // The process's own high-water mark: what sampling between event-loop turns could miss.
    peakGrowth: Math.max(0, maxAfter - Math.max(maxBefore, before.rss)),
  };
}
const mb = (n: number) => `${(n / MB).toFixed(1)} MB`;

describe('spreadsheet bombs', () => {
  let honest: Buffer;
  let liar: Buffer;
  let rowsBomb: Buffer;
  let unpacked = 0;
  beforeAll(async () => {
    const sheet = await deflateRepeated(SHEET_HEAD, FORMATTED_ROWS, 360, SHEET_TAIL);
    unpacked = sheet.size;
    honest = await xlsxWithSheet({ deflated: sheet.deflated, declared: sheet.size });
    liar = await xlsxWithSheet({ deflated: sheet.deflated, declared: 4096 });
    const rows = await deflateRepeated(SHEET_HEAD, DATA_ROWS, 300, SHEET_TAIL);
    rowsBomb = await xlsxWithSheet({ deflated: rows.deflated, declared: 4096 });
    console.log(
      `bomb: ${mb(honest.length)} file, ${mb(unpacked)} of sheet XML inside; rows bomb ${mb(rowsBomb.length)}`,
    );
  }, 60_000);

  it('is a small file holding hundreds of MB', () => {
    expect(honest.length).toBeLessThan(5 * MB);
    expect(unpacked).toBeGreaterThan(300 * MB);
  });

  it('refuses a bomb whose zip declares its size, inflating nothing', async () => {
    const c = await createCompany(ctx.app, token);
    const m = await measure(() => upload(c.id, honest));
    console.log(
      `declared bomb: ${m.result.statusCode} in ${m.ms.toFixed(0)} ms (CPU ${m.cpuMs.toFixed(0)} ms), RSS +${mb(m.rssGrowth)} (peak +${mb(m.peakGrowth)}), heap +${mb(m.heapGrowth)}`,
    );
    expect(m.result.statusCode).toBe(422);
    expect(m.result.json()).toEqual({
      code: 'XLSX_TOO_LARGE_UNPACKED',
      detail: expect.stringContaining('解压后超过 50 MB'),
    });
    expect(await targets()).toBe(0);
    expect(m.cpuMs).toBeLessThan(2000);
    expect(m.ms).toBeLessThan(10_000);
    expect(m.rssGrowth).toBeLessThan(100 * MB);
  });

  it('refuses a bomb that lies about its size once 50 MB are inflated, in little time and memory, health answering meanwhile', async () => {
    const c = await createCompany(ctx.app, token);
    const health: number[] = [];
    let uploading = true;
    const probe = (async () => {
      while (uploading) {
        const t = performance.now();
        const res = await ctx.app.inject({ url: '/api/v1/health' });
        expect(res.statusCode).toBe(200);
        health.push(performance.now() - t);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const m = await measure(() => upload(c.id, liar));
    uploading = false;
    await probe;
    console.log(
      `lying bomb: ${m.result.statusCode} in ${m.ms.toFixed(0)} ms (CPU ${m.cpuMs.toFixed(0)} ms), RSS +${mb(m.rssGrowth)} (peak +${mb(m.peakGrowth)}), heap +${mb(m.heapGrowth)}; ` +
        `health answered ${health.length} times meanwhile, slowest ${Math.max(...health).toFixed(0)} ms`,
    );
    expect(m.result.statusCode).toBe(422);
    expect(m.result.json().code).toBe('XLSX_TOO_LARGE_UNPACKED');
    expect(m.result.json().detail).toMatch(/50 MB/);
    expect(await targets()).toBe(0);
    expect(health.length).toBeGreaterThan(0);
    // Generous bounds: the file took 57 s and 3.1 GB. The time is the process's CPU time (on an
    // idle machine the wall time is the same; on a busy one it is not), with a wall-clock bound for a hang.
    expect(m.cpuMs).toBeLessThan(2000);
    expect(m.ms).toBeLessThan(10_000);
    expect(m.rssGrowth).toBeLessThan(100 * MB);
    expect(m.peakGrowth).toBeLessThan(100 * MB);
  });

  it('stops reading a bomb of data rows past 2,000 rows', async () => {
    const c = await createCompany(ctx.app, token);
    const m = await measure(() => upload(c.id, rowsBomb));
    console.log(
      `rows bomb: ${m.result.statusCode} in ${m.ms.toFixed(0)} ms (CPU ${m.cpuMs.toFixed(0)} ms), RSS +${mb(m.rssGrowth)}, heap +${mb(m.heapGrowth)}`,
    );
    expect(m.result.statusCode).toBe(422);
    expect(m.result.json()).toEqual({ detail: '一次最多导入 2000 行', code: 'XLSX_TOO_MANY_ROWS' });
    expect(m.cpuMs).toBeLessThan(2000);
    expect(m.ms).toBeLessThan(10_000);
    expect(m.rssGrowth).toBeLessThan(100 * MB);
    expect(await targets()).toBe(0);
  });
});

describe('normal-sized files', () => {
  it('refuses 5,000 rows with the limit, adding nothing', async () => {
    const c = await createCompany(ctx.app, token);
    const file = await xlsxOf([HEAD, ...Array.from({ length: 5000 }, (_, i) => [`对象${i}`, '个人', ''])]);
    expect(file.length).toBeLessThan(MB);
    const res = await upload(c.id, file);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: '一次最多导入 2000 行', code: 'XLSX_TOO_MANY_ROWS' });
    expect(await targets()).toBe(0);
  });

  it('lets 2,000 rows through to the parser and stops at 2,001', async () => {
    const rows = (n: number) =>
      xlsxOf([HEAD, ...Array.from({ length: n }, (_, i) => [`对象${i}`, '个人', ''])]);
    const limits = { maxBytes: 50 * MB, maxRows: 2000 };
    await expect(checkXlsxLimits(await rows(2000), limits)).resolves.toBeUndefined();
    await expect(checkXlsxLimits(await rows(2001), limits)).rejects.toMatchObject({
      code: 'XLSX_TOO_MANY_ROWS',
      detail: '一次最多导入 2000 行',
    });
  });

  it('does not count rows that only carry formatting', async () => {
    const c = await createCompany(ctx.app, token);
    // Three named rows, then 5,000 formatted empty rows (a sheet whose borders run far down).
    const sheet = await deflateRepeated(
      SHEET_HEAD +
        ['甲', '乙', '丙']
          .map((n, i) => `<row r="${i + 2}"><c r="A${i + 2}" t="inlineStr"><is><t>${n}</t></is></c></row>`)
          .join(''),
      Buffer.from(
        Array.from({ length: 5000 }, (_, i) => `<row r="${i + 5}"><c r="A${i + 5}" s="0"/></row>`).join(''),
      ),
      1,
      SHEET_TAIL,
    );
    const formatted = await upload(
      c.id,
      await xlsxWithSheet({ deflated: sheet.deflated, declared: sheet.size }),
    );
    expect(formatted.statusCode).toBe(201);
    expect(formatted.json()).toEqual({ created: 3 });
  });

  it('still refuses a broken zip as not a valid Excel file', async () => {
    const c = await createCompany(ctx.app, token);
    const good = await xlsxOf([HEAD, ['王建国', '个人', '']]);
    const cut = good.subarray(0, good.length - 30);
    const res = await upload(c.id, cut);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('XLSX_INVALID');
  });
});
