import type { FastifyRequest } from 'fastify';
import { COVER_FILE_FIELD, COVER_MAX_BYTES } from '@kaoping/contracts/cover';
import { AppError, fail } from '../../lib/errors';
import type { UploadedFile } from './covers.service';

const MAX_MB = COVER_MAX_BYTES / 1024 / 1024;

/** Reads the one `file` part of a multipart request into memory, within the 10 MB limit. */
export async function readCoverUpload(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) {
    throw fail('UPLOAD_NOT_MULTIPART');
  }
  try {
    const part = await request.file();
    if (!part) throw fail('UPLOAD_FILE_MISSING');
    if (part.fieldname !== COVER_FILE_FIELD) throw fail('UPLOAD_FIELD_NAME', { field: COVER_FILE_FIELD });
    return { fileName: part.filename, data: await part.toBuffer() };
  } catch (err) {
    if (err instanceof AppError) throw err;
    const e = err as { code?: string; statusCode?: number };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fail('FILE_TOO_LARGE', { mb: MAX_MB });
    }
    // The multipart plugin's own limit errors carry a 4xx; a broken body from the parser does not.
    if (e.statusCode && e.statusCode < 500) throw err;
    throw fail('COVER_UPLOAD_MALFORMED');
  }
}
