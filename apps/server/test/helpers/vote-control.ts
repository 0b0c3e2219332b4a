// Calls of issue 12 (ballot codes, closing, test mode) for the tests: each answers the raw response so
// that a test can assert the status and the detail a client sees.
import type { App } from '../../src/app';
import { bearer } from './factories';

export const ADMIN = '/api/v1/admin';

export function adminCalls(app: App, token: () => string) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = {}) =>
    app.inject({
      method,
      url: `${ADMIN}${url}`,
      headers: { ...bearer(token()), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    call,
    issue: (voteTypeId: number, count: unknown) => call('POST', `/vote-types/${voteTypeId}/codes`, { count }),
    /** Issues codes and answers them (grouped, as the API shows them). */
    async codes(voteTypeId: number, count: number): Promise<string[]> {
      const res = await call('POST', `/vote-types/${voteTypeId}/codes`, { count });
      if (res.statusCode !== 201) throw new Error(`issue failed: ${res.statusCode} ${res.body}`);
      return res.json<{ codes: string[] }>().codes;
    },
    list: (voteTypeId: number, query = '') => call('GET', `/vote-types/${voteTypeId}/codes${query}`),
    void: (voteTypeId: number, body: unknown) => call('POST', `/vote-types/${voteTypeId}/codes/void`, body),
    update: (voteTypeId: number, body: object) => call('PUT', `/vote-types/${voteTypeId}`, body),
    close: (voteTypeId: number) => call('POST', `/vote-types/${voteTypeId}/close`),
    /** 完成计票: the step after 结束投票. */
    finishCount: (voteTypeId: number) => call('POST', `/vote-types/${voteTypeId}/finish-count`),
    reopen: (voteTypeId: number, elevated?: string) =>
      call('POST', `/vote-types/${voteTypeId}/reopen`, undefined, elevated ? bearer(elevated) : {}),
    goFormal: (voteTypeId: number, elevated?: string) =>
      call('POST', `/vote-types/${voteTypeId}/go-formal`, undefined, elevated ? bearer(elevated) : {}),
    turnout: (companyId: number) => call('GET', `/votes/turnout?company_id=${companyId}`),
  };
}

/** The grouped code without its dashes, as stored. */
export const plain = (code: string) => code.replaceAll('-', '');
