import { describe, expect, it } from 'vitest';
import { accountCreateBody } from '../src/accounts';
import { changePasswordBody, registerBody } from '../src/auth';
import { passwordProblem } from '../src/password-rule';

const CLASSES = '密码须包含大写字母、小写字母、数字、符号中的至少 3 类';

describe('the password rule (issue 27)', () => {
  it.each([
    ['Abc-12345', '密码至少 10 个字符'],
    ['abcdefghij', CLASSES],
    ['ABCDEFGHIJ', CLASSES],
    ['1234567890', CLASSES],
    ['!@#$%^&*()', CLASSES],
    ['abcdefgh12', CLASSES],
    ['ABCDEFGH!!', CLASSES],
    ['Abcdefghij', CLASSES],
    ['1234-56789', CLASSES],
  ])('refuses %j: %s', (password, why) => {
    expect(passwordProblem(password)).toBe(why);
  });

  it.each(['Abcdefgh12', 'abcdefg-12', 'ABCDEFG-12', 'Abcdefg-hi', '考评系统-abc-12'])(
    'takes %j',
    (password) => {
      expect(passwordProblem(password)).toBeUndefined();
    },
  );

  it('counts characters, not UTF-16 units, and refuses the username inside, whatever the case', () => {
    expect(passwordProblem('考评-Ab1')).toBe('密码至少 10 个字符');
    expect(passwordProblem('My-LiMing-2026', 'liming')).toBe('密码不能包含用户名');
    expect(passwordProblem('My-LiMing-2026', 'wang')).toBeUndefined();
  });

  it('puts the username check on the password field of the bodies that name both', () => {
    const reg = registerBody.safeParse({ username: 'liming', password: 'Liming-2026' });
    expect(reg.success ? [] : reg.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['password', '密码不能包含用户名'],
    ]);
    const create = accountCreateBody.safeParse({ username: 'liming', password: 'abc', role: 'auditor' });
    expect(create.success ? [] : create.error.issues.map((i) => i.message)).toEqual(['密码至少 10 个字符']);
    const change = changePasswordBody.safeParse({ current_password: 'x', new_password: 'abcdefgh12' });
    expect(change.success ? [] : change.error.issues.map((i) => i.message)).toEqual([CLASSES]);
  });
});
