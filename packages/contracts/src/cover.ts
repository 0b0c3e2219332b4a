import { z } from 'zod';
import { idSchema } from './common';

/** front: shown before the ballot (instructions); back: shown after submitting (thanks). */
export const COVER_KINDS = ['front', 'back'] as const;
export const coverKind = z.enum(COVER_KINDS);
export type CoverKind = z.infer<typeof coverKind>;
export const COVER_KIND_LABELS: Record<CoverKind, string> = { front: '封面', back: '封底' };

/** Accepted formats, recognised from the file's content, never from its name or declared type. */
export const COVER_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;
export type CoverContentType = (typeof COVER_CONTENT_TYPES)[number];
/** For an <input type="file" accept=...>; the server still checks the content. */
export const COVER_ACCEPT = '.png,.jpg,.jpeg,.webp,.pdf,image/png,image/jpeg,image/webp,application/pdf';
export const COVER_MAX_BYTES = 10 * 1024 * 1024;
/** An image cover is also stored as a WebP at most this many pixels on its long side, for the voters. */
export const COVER_DISPLAY_MAX_PX = 1600;
/** The multipart field that carries the file. */
export const COVER_FILE_FIELD = 'file';

export const cover = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  vote_type_id: z.number().int(),
  kind: coverKind,
  content_type: z.enum(COVER_CONTENT_TYPES),
  file_name: z.string(),
  size: z.number().int(),
  /** Hex SHA-256 of the bytes; also the ETag. */
  sha256: z.string(),
  /** When this file was uploaded (a replacement resets it). */
  created_at: z.string(),
  /** Where the bytes are: an admin path under /api/v1, fetched with the bearer token. */
  url: z.string(),
  /**
   * What voters get for an image: a WebP of at most 1,600 px on the long side, made at upload. Null for
   * a PDF (voters open the file itself, when they ask) and for covers stored before such copies existed.
   */
  display: z
    .object({
      content_type: z.literal('image/webp'),
      size: z.number().int(),
      width: z.number().int(),
      height: z.number().int(),
    })
    .nullable(),
});
export type Cover = z.infer<typeof cover>;

/** GET answers null when nothing has been uploaded yet. */
export const coverOrNull = cover.nullable();

export const coverUploadQuery = z.object({ company_id: idSchema, vote_type_id: idSchema });
export type CoverUploadQuery = z.infer<typeof coverUploadQuery>;

/** POST /admin/covers/apply-to-all: copies one vote type's cover to every other vote type of its company. */
export const coverApplyAllQuery = z.object({ company_id: idSchema, vote_type_id: idSchema, kind: coverKind });
export type CoverApplyAllQuery = z.infer<typeof coverApplyAllQuery>;

export const coverParams = z.object({ companyId: idSchema, voteTypeId: idSchema });
export type CoverParams = z.infer<typeof coverParams>;
