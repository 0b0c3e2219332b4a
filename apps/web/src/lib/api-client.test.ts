import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/render';
import { downloadAdminFile } from './admin-download';
import { adminRequest, ApiError, errorDetail, publicRequest } from './api-client';
import { getToken, setToken } from './auth-token';

const assign = vi.fn();
// The window outlives this file (the files of a worker share it): give the real location back after.
const realLocation = Object.getOwnPropertyDescriptor(window, 'location')!;
afterAll(() => Object.defineProperty(window, 'location', realLocation));
const setPath = (pathname: string) => {
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { ...window.location, pathname, origin: 'http://localhost', assign },
  });
};
afterEach(() => assign.mockReset());

describe('api client', () => {
  it('sends the bearer token and JSON to /api/v1', async () => {
    setPath('/admin');
    setToken('tok');
    const calls = mockFetch({ 'POST /api/v1/admin/companies/': () => ({ status: 201, body: { id: 1 } }) });
    await expect(
      adminRequest('/admin/companies/', { method: 'POST', body: { name: '甲' } }),
    ).resolves.toEqual({ id: 1 });
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer tok');
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(calls[0]!.body).toEqual({ name: '甲' });
  });

  it('on a 401 under /admin clears the token and goes to /login', async () => {
    setPath('/admin/vote-types');
    setToken('expired');
    mockFetch({
      'GET /api/v1/admin/companies/': () => ({ status: 401, body: { detail: '登录已失效，请重新登录' } }),
    });
    await expect(adminRequest('/admin/companies/')).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('does not redirect on a 401 outside /admin (the login form shows the message)', async () => {
    setPath('/login');
    mockFetch({
      'POST /api/v1/admin/auth/login': () => ({ status: 401, body: { detail: '用户名或密码错误' } }),
    });
    const err = await adminRequest('/admin/auth/login', { method: 'POST', body: new FormData() }).catch(
      (e) => e,
    );
    expect(errorDetail(err, '登录失败')).toBe('用户名或密码错误');
    expect(assign).not.toHaveBeenCalled();
  });

  it('never sends the admin token on public calls', async () => {
    setPath('/vote/type/x');
    setToken('tok');
    const calls = mockFetch({ 'GET /api/v1/public/polls/': () => ({ body: [] }) });
    await publicRequest('/public/polls/');
    expect(calls[0]!.headers.get('authorization')).toBeNull();
  });

  it("carries the refusal's code from the body, beside the detail shown to the user", async () => {
    setPath('/vote/type/x');
    mockFetch({
      'POST /api/v1/public/polls/votes/': () => ({
        status: 409,
        body: { detail: '本投票已达到应到人数，无法继续投票', code: 'CAP_REACHED' },
        headers: { 'retry-after': '7' },
      }),
    });
    const err = (await publicRequest('/public/polls/votes/', { method: 'POST', body: {} }).catch(
      (e) => e,
    )) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.code, err.detail, err.retryAfter]).toEqual([
      409,
      'CAP_REACHED',
      '本投票已达到应到人数，无法继续投票',
      7,
    ]);
  });

  it('leaves the code undefined when the body has none shaped like a code, or is no JSON', async () => {
    setPath('/vote/type/x');
    mockFetch({
      'GET /api/v1/public/a': () => ({ status: 409, body: { detail: '冲突', code: 'not a code' } }),
      'GET /api/v1/public/b': () => ({ status: 403, body: { detail: '无权限' } }),
      'GET /api/v1/public/c': () => ({ status: 404, body: { detail: '不存在', code: 'toString' } }),
    });
    const refusals = await Promise.all(
      ['a', 'b', 'c'].map((p) =>
        publicRequest(`/public/${p}`).then(
          () => null,
          (e: ApiError) => e,
        ),
      ),
    );
    expect(refusals.map((e) => [e?.status, e?.code, e?.detail])).toEqual([
      [409, undefined, '冲突'],
      [403, undefined, '无权限'],
      [404, undefined, '不存在'],
    ]);
    globalThis.fetch = (async () =>
      new Response('<html>Bad Gateway</html>', { status: 502 })) as typeof fetch;
    const gateway = (await publicRequest('/public/a').catch((e) => e)) as ApiError;
    expect([gateway.status, gateway.code, gateway.detail]).toEqual([502, undefined, undefined]);
  });

  it('gives a refused admin download its code and detail', async () => {
    setPath('/admin/vote-types');
    setToken('tok');
    mockFetch({
      'GET /api/v1/admin/exports/x.xlsx': () => ({
        status: 429,
        body: { detail: '操作过于频繁，请稍后再试', code: 'RATE_LIMITED' },
      }),
    });
    const err = (await downloadAdminFile('/admin/exports/x.xlsx', {}, 'x.xlsx').catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.code, err.detail]).toEqual([429, 'RATE_LIMITED', '操作过于频繁，请稍后再试']);
  });

  it('turns a network failure into ApiError status 0 with a Chinese message', async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const err = (await publicRequest('/public/polls/').catch((e) => e)) as ApiError;
    expect(err.status).toBe(0);
    expect(err.responded).toBe(false);
    expect(err.detail).toBe('网络连接失败，请检查网络后重试');
  });

  it('aborts after the 10 second timeout', async () => {
    vi.useFakeTimers();
    globalThis.fetch = ((_u: unknown, init: RequestInit) =>
      new Promise((_r, reject) =>
        init.signal!.addEventListener('abort', () => reject(new Error('aborted'))),
      )) as typeof fetch;
    const pending = publicRequest('/public/polls/').catch((e: unknown) => e as ApiError);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(((await pending) as ApiError).detail).toBe('请求超时，请检查网络后重试');
    vi.useRealTimers();
  });
});
