import { ApiError } from '@/lib/api-client';

/**
 * Runs a destructive call; when the server answers 403 (rows with ballots need advanced mode) it asks
 * for the password through `ensureAdvancedMode` and tries once more. Resolves false when the admin
 * cancels the prompt, true when the call went through; other failures are thrown.
 */
export async function withAdvancedMode(
  ensureAdvancedMode: () => Promise<boolean>,
  call: () => Promise<unknown>,
): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 403)) throw err;
    if (!(await ensureAdvancedMode())) return false;
    await call();
    return true;
  }
}
