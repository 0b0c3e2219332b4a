import type * as PdfLib from 'pdf-lib';
import type { PDFContext, PDFObject } from 'pdf-lib';
import { fail } from '../../lib/errors';

/**
 * Keys that make a PDF run something: JavaScript (/JS, the /JavaScript name tree), automatic actions
 * (/AA on pages, fields and the document), XFA forms (which carry scripts) and the encryption
 * dictionary (its object streams could not be read, so nothing in them could be checked).
 */
const FORBIDDEN_KEYS = new Set(['/JS', '/JavaScript', '/AA', '/XFA']);
/** Action types that run code or programs, wherever the action sits (/OpenAction, links, fields). */
const FORBIDDEN_ACTIONS = new Set(['/JavaScript', '/Launch']);

/** Direct objects nest this deep at most in real files; deeper nesting is refused rather than walked. */
const MAX_DEPTH = 64;

/** True when this object, or any dictionary or array written inside it, asks to run something. */
function runsSomething(lib: typeof PdfLib, obj: PDFObject | undefined, depth = 0): boolean {
  const { PDFArray, PDFDict, PDFName, PDFStream } = lib;
  if (depth > MAX_DEPTH) return true;
  if (!obj) return false;
  if (obj instanceof PDFStream) return runsSomething(lib, obj.dict, depth + 1);
  if (obj instanceof PDFArray) return obj.asArray().some((o) => runsSomething(lib, o, depth + 1));
  if (!(obj instanceof PDFDict)) return false;
  for (const [key, value] of obj.entries()) {
    const name = key.asString();
    if (FORBIDDEN_KEYS.has(name)) return true;
    if (name === '/S' && value instanceof PDFName && FORBIDDEN_ACTIONS.has(value.asString())) return true;
    if (runsSomething(lib, value, depth + 1)) return true;
  }
  return false;
}

async function parse({ PDFParser }: typeof PdfLib, data: Buffer): Promise<PDFContext> {
  try {
    // Every object is read, those packed in compressed object streams too; the parser yields to other
    // requests every 100 objects, so a large file does not hold the server up.
    return await PDFParser.forBytesWithOptions(data, 100, true).parseDocument();
  } catch {
    throw fail('PDF_UNREADABLE');
  }
}

/**
 * Refuses (422) a PDF that carries JavaScript or other actions that run by themselves, including
 * inside compressed object streams, and one that is encrypted or cannot be read whole: what cannot be
 * checked is not shown to voters. Nothing is rewritten: an accepted file is stored byte for byte.
 */
export async function assertPdfRunsNothing(data: Buffer) {
  // pdf-lib loads on the first PDF cover, not when the server starts.
  const lib = await import('pdf-lib');
  const context = await parse(lib, data);
  if (context.trailerInfo.Encrypt) throw fail('PDF_ENCRYPTED');
  for (const [, obj] of context.enumerateIndirectObjects()) {
    if (obj instanceof lib.PDFInvalidObject) throw fail('PDF_UNKNOWN_CONTENT');
    if (runsSomething(lib, obj)) throw fail('PDF_SCRIPT');
  }
  for (const value of [context.trailerInfo.Root, context.trailerInfo.Info]) {
    if (runsSomething(lib, value)) throw fail('PDF_SCRIPT');
  }
}
