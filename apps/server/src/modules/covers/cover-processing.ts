import { createHash } from 'node:crypto';
import { COVER_CONTENT_TYPES, COVER_DISPLAY_MAX_PX, type CoverContentType } from '@kaoping/contracts/cover';
import { fail } from '../../lib/errors';
import { assertPdfRunsNothing } from './pdf-check';

// sharp (libvips) and file-type load on the first upload, not when the server starts.
async function loadSharp() {
  const { default: sharp } = await import('sharp');
  // libvips keeps decoded images in a cache of its own; covers are made once, so memory is better spent
  // elsewhere.
  sharp.cache(false);
  return sharp;
}

/** 60 million pixels (e.g. 9,000 × 6,600): bigger images would take hundreds of MB to decode. */
const MAX_INPUT_PIXELS = 60_000_000;
const WEBP_QUALITY = 80;

export const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export interface DisplayCopy {
  contentType: 'image/webp';
  data: Buffer;
  size: number;
  sha256: string;
  width: number;
  height: number;
}

export interface ProcessedCover {
  contentType: CoverContentType;
  /** The WebP voters get for an image; null for a PDF. */
  display: DisplayCopy | null;
}

/** The real format of the bytes, or 415: a renamed .exe stays an .exe whatever its name says. */
async function sniff(data: Buffer): Promise<CoverContentType> {
  if (data.length === 0) throw fail('FILE_EMPTY');
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(data);
  const mime = COVER_CONTENT_TYPES.find((t) => t === found?.mime);
  if (!mime) {
    throw fail('COVER_FORMAT');
  }
  return mime;
}

/**
 * A WebP of the image, turned upright by its EXIF orientation and shrunk to 1,600 px on the long side
 * (never enlarged). libvips works on its own threads, so a large photo does not hold up other requests.
 */
async function displayCopy(data: Buffer): Promise<DisplayCopy> {
  const sharp = await loadSharp();
  try {
    const { data: webp, info } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({
        width: COVER_DISPLAY_MAX_PX,
        height: COVER_DISPLAY_MAX_PX,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return {
      contentType: 'image/webp',
      data: webp,
      size: webp.length,
      sha256: sha256Hex(webp),
      width: info.width,
      height: info.height,
    };
  } catch (err) {
    if (/pixel limit/i.test(String((err as Error).message))) {
      throw fail('IMAGE_TOO_MANY_PIXELS');
    }
    throw fail('IMAGE_UNREADABLE');
  }
}

/**
 * Checks an uploaded cover by its content and prepares what voters get: a small WebP for an image; a
 * PDF is kept as it is once it is known to run nothing (pdf-check.ts).
 */
export async function processCover(data: Buffer): Promise<ProcessedCover> {
  const contentType = await sniff(data);
  if (contentType === 'application/pdf') {
    await assertPdfRunsNothing(data);
    return { contentType, display: null };
  }
  return { contentType, display: await displayCopy(data) };
}
