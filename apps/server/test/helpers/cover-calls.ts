// The cover routes as an admin's browser calls them, for the cover tests: each answers the raw response,
// so that a test can assert the status and the detail a client sees.
import type { App } from '../../src/app';
import { bearer, createCompany, createVoteType, multipartFile } from './factories';

export const COVERS = '/api/v1/admin/covers';

/** `app` and `token` are read at each call (a test file sets them in its hooks). */
export function coverCalls(app: () => App, token: () => string) {
  const withAuth = (form: { payload: Buffer; headers: Record<string, string> }) => ({
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token()) },
  });
  return {
    withAuth,
    /** A unit 甲 with one vote type: their ids. */
    async setup() {
      const company = await createCompany(app(), token(), '甲');
      const voteType = await createVoteType(app(), token(), company.id);
      return { c: company.id, v: voteType.id };
    },
    /** Uploads a front cover (a back cover with `back`) of unit `c`'s vote type `v`. */
    upload(c: number, v: number, data: Buffer, name = 'cover.png', type = 'image/png', back = false) {
      return app().inject({
        method: 'POST',
        url: `${COVERS}${back ? '/back-cover' : '/'}?company_id=${c}&vote_type_id=${v}`,
        ...withAuth(multipartFile(data, name, type)),
      });
    },
    get: (path: string, headers: Record<string, string> = {}) =>
      app().inject({ method: 'GET', url: `${COVERS}${path}`, headers: { ...bearer(token()), ...headers } }),
    del: (path: string) =>
      app().inject({ method: 'DELETE', url: `${COVERS}${path}`, headers: bearer(token()) }),
  };
}
