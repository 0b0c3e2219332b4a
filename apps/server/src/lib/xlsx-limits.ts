import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { AppError, fail } from './errors';

/**
 * The limits an uploaded .xlsx passes BEFORE exceljs parses it (issue 28: a 1.2 MB file holding 358 MB of
 * XML took 57 s and 3.1 GB). exceljs builds the whole workbook in memory, several times the XML's size, so
 * the file's contents are bounded first, cheaply:
 * - the sizes its zip directory declares, summed, at most `maxBytes` (nothing is inflated for that);
 * - the bytes actually inflated, counted as they stream out and stopped at `maxBytes` (a zip may lie);
 * - the data rows of the first sheet, counted as its XML streams and stopped past `maxRows`.
 * The zip's central directory is read by unzipper (exceljs's own zip reader); each entry is inflated by
 * Node's zlib in 256 KB steps (off the event loop; 16 KB steps made 50 MB take seconds), so memory stays at
 * a few chunks whatever the file claims.
 */
export const XLSX_MAX_UNPACKED_MB = 50;
const MAX_ENTRIES = 1000;
/** The workbook's own index files are read whole (to find the first sheet): they are small. */
const MAX_INDEX_BYTES = 4 * 1024 * 1024;
const CHUNK = 256 * 1024;

export interface XlsxLimits {
  maxBytes: number;
  /** Data rows (rows with a value, the title row not counted). */
  maxRows: number;
}

const tooLarge = () => fail('XLSX_TOO_LARGE_UNPACKED', { mb: XLSX_MAX_UNPACKED_MB });

/** What this file uses of unzipper's directory (it ships no types). */
interface ZipEntry {
  path: string;
  type: 'File' | 'Directory';
  flags: number;
  compressionMethod: number;
  compressedSize: number;
  /** As the central directory declares it. */
  uncompressedSize: number;
  offsetToLocalFileHeader: number;
}
interface Unzipper {
  Open: { buffer(data: Buffer): Promise<{ files: ZipEntry[] }> };
}

const load = createRequire(import.meta.url);
let unzipper: Unzipper | undefined;

/** The zip's directory, or 422 XLSX_INVALID; then 422 unless it declares at most `maxBytes` in all. */
async function openZip(data: Buffer, maxBytes: number) {
  // Loaded on the first import, not when the server starts (test/lazy-imports.test.ts).
  unzipper ??= load('unzipper') as Unzipper;
  let files: ZipEntry[];
  try {
    ({ files } = await unzipper.Open.buffer(data));
  } catch {
    throw fail('XLSX_INVALID');
  }
  const declared = files.reduce((sum, f) => sum + f.uncompressedSize, 0);
  if (declared > maxBytes || files.length > MAX_ENTRIES) throw tooLarge();
  return files;
}

/**
 * An entry's stored bytes: after its local header (30 bytes, then the name and extra field, whose lengths
 * the header gives), as long as the directory says. Encrypted entries and methods other than stored and
 * deflate are not a spreadsheet's.
 */
function storedBytes(data: Buffer, f: ZipEntry) {
  const at = f.offsetToLocalFileHeader;
  if ((f.flags & 1) !== 0 || ![0, 8].includes(f.compressionMethod)) throw fail('XLSX_INVALID');
  if (at + 30 > data.length || data.readUInt32LE(at) !== 0x04034b50) throw fail('XLSX_INVALID');
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  if (start + f.compressedSize > data.length) throw fail('XLSX_INVALID');
  return data.subarray(start, start + f.compressedSize);
}

const enum Tag {
  Text,
  Start,
  Name,
  Rest,
}
const ROW = 0x726f77; // 'row'
const V = 0x76; // 'v'
const IS = 0x6973; // 'is'

/**
 * Counts the rows of a sheet's XML that hold a value (a <v> or an inline <is>), byte by byte across chunks
 * (tag names are ASCII; a namespace prefix is skipped). Rows that only carry formatting are not data:
 * exceljs reads them as empty and the import skips them.
 */
class RowCounter {
  rows = 0;
  private inRow = false;
  private hasValue = false;
  private state = Tag.Text;
  private closing = false;
  /** The tag's name so far (after its last ':'), as a number of up to 3 bytes; -1 once longer. */
  private name = 0;
  private length = 0;

  push(b: Buffer) {
    for (let i = 0; i < b.length; i++) {
      const c = b[i]!;
      switch (this.state) {
        case Tag.Text:
          if (c === 0x3c) this.state = Tag.Start;
          break;
        case Tag.Start:
          this.closing = c === 0x2f;
          this.name = 0;
          this.length = 0;
          this.state = Tag.Name;
          if (!this.closing) i--; // this byte is the name's first
          break;
        case Tag.Name:
          if (c === 0x3e || c === 0x2f || c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) {
            this.tag();
            this.state = c === 0x3e ? Tag.Text : Tag.Rest;
          } else if (c === 0x3a) {
            this.name = 0;
            this.length = 0;
          } else if (++this.length <= 3) {
            this.name = this.name * 256 + c;
          }
          break;
        case Tag.Rest:
          if (c === 0x3e) this.state = Tag.Text;
          break;
      }
    }
  }

  private tag() {
    const name = this.length <= 3 ? this.name : -1;
    if (name === ROW) {
      if (this.closing) {
        if (this.inRow && this.hasValue) this.rows++;
        this.inRow = false;
      } else {
        // A self-closing <row/> holds nothing: no </row> comes, and the next <row> starts afresh.
        this.inRow = true;
        this.hasValue = false;
      }
    } else if ((name === V || name === IS) && !this.closing && this.inRow) {
      this.hasValue = true;
    }
  }
}

/** Resolves a relationship target against xl/ (absolute targets start at the package's root). */
function partPath(target: string) {
  const parts = (target.startsWith('/') ? target.slice(1) : `xl/${target}`).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p && p !== '.') out.push(p);
  }
  return out.join('/');
}

/**
 * The first sheet's part as exceljs orders sheets (the workbook's <sheets> order), or undefined when the
 * index files do not say (then every worksheet part is counted).
 */
function firstSheetPath(workbook: string, rels: string): string | undefined {
  const sheet = /<(?:\w+:)?sheet\b[^>]*?\s(?:\w+:)?id="([^"]+)"/.exec(workbook);
  if (!sheet) return undefined;
  for (const m of rels.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const id = /\sId="([^"]+)"/.exec(m[0])?.[1];
    const target = /\sTarget="([^"]+)"/.exec(m[0])?.[1];
    if (id === sheet[1] && target) return partPath(target);
  }
  return undefined;
}

/**
 * Checks an .xlsx's contents against the limits, reading no more than they allow: 422 '解压后超过 50 MB'
 * or '一次最多导入 2000 行' as soon as a limit is passed, XLSX_INVALID for a zip that does not open.
 */
export async function checkXlsxLimits(data: Buffer, limits: XlsxLimits) {
  const files = await openZip(data, limits.maxBytes);
  let total = 0;
  /** Streams one entry, counting every byte against the total; `each` sees the chunks. */
  const inflate = async (file: ZipEntry, each?: (chunk: Buffer) => void) => {
    const bytes = storedBytes(data, file);
    const stream =
      file.compressionMethod === 8
        ? createInflateRaw({ chunkSize: CHUNK }).end(bytes)
        : Readable.from([bytes]);
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > limits.maxBytes) throw tooLarge();
        each?.(chunk);
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw fail('XLSX_INVALID');
    } finally {
      // Leaving early stops the inflater: what it has not reached is never inflated.
      stream.destroy();
    }
  };
  const readIndex = async (name: string) => {
    const file = files.find((f) => f.path === name);
    if (!file) return '';
    const chunks: Buffer[] = [];
    let size = 0;
    await inflate(file, (chunk) => {
      size += chunk.length;
      if (size > MAX_INDEX_BYTES) throw tooLarge();
      chunks.push(chunk);
    });
    return Buffer.concat(chunks).toString('utf8');
  };
  const indexNames = ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels'];
  const first = firstSheetPath(await readIndex(indexNames[0]!), await readIndex(indexNames[1]!));
  const isCounted = (name: string) => (first ? name === first : /^xl\/worksheets\/[^/]+\.xml$/.test(name));
  const maxRows = limits.maxRows + 1; // the title row
  for (const file of files) {
    if (file.type === 'Directory' || indexNames.includes(file.path)) continue;
    if (!isCounted(file.path)) {
      await inflate(file);
      continue;
    }
    const rows = new RowCounter();
    await inflate(file, (chunk) => {
      rows.push(chunk);
      if (rows.rows > maxRows) throw fail('XLSX_TOO_MANY_ROWS', { max: limits.maxRows });
    });
  }
}
