// Plain constants with no zod import, so the voter pages can use them without loading the schema library.

/** Local-storage key of the admin bearer token (spec §9). */
export const TOKEN_STORAGE_KEY = 'access_token';
/** Request timeout and API base (spec §7, §9). */
export const REQUEST_TIMEOUT_MS = 10_000;
export const API_BASE = '/api/v1';
/** /vote redirects here (spec §9). */
export const DEFAULT_VOTE_ID = 9999;
