import type { App } from '../../src/app';
import { bearer, login } from './factories';

export interface AccountInput {
  username: string;
  role: 'system_admin' | 'unit_admin' | 'auditor';
  unit_ids?: number[];
  all_units?: boolean;
}

/**
 * A system admin creates an account; its user signs in and sets its own password (a new account must);
 * returns the account id and a token that works on every route its role allows.
 */
export async function createAccount(app: App, sysToken: string, input: AccountInput) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/users/',
    headers: bearer(sysToken),
    payload: { password: 'initial-pass-1', ...input },
  });
  if (res.statusCode !== 201) throw new Error(`create account failed: ${res.statusCode} ${res.body}`);
  const signIn = await login(app, input.username, 'initial-pass-1');
  if (signIn.statusCode !== 200) throw new Error(`login failed: ${signIn.statusCode} ${signIn.body}`);
  const changed = await app.inject({
    method: 'PUT',
    url: '/api/v1/admin/auth/password',
    headers: bearer(signIn.json().access_token),
    payload: { current_password: 'initial-pass-1', new_password: 'Password123' },
  });
  if (changed.statusCode !== 200)
    throw new Error(`password change failed: ${changed.statusCode} ${changed.body}`);
  return { id: res.json<{ id: number }>().id, token: changed.json<{ access_token: string }>().access_token };
}
