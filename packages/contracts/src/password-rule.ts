// The password rule (issue 27, 等保 2.0 三级): one function the server's schemas and the web forms share,
// so a form refuses what the server would, with the same words. Zod-free and tiny.

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** What the forms say under a new-password field. */
export const PASSWORD_RULE_TEXT =
  '至少 10 个字符，包含大写字母、小写字母、数字、符号中的至少 3 类，且不能包含用户名';

const CLASSES = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/];

/**
 * Why a new password is refused, or undefined when it is good: at least 10 characters from at least 3 of
 * the 4 classes (upper case, lower case, digits, anything else counts as a symbol), and not containing
 * the username (case-insensitive) when one is given. Existing passwords are not checked at sign-in
 * against this; a weak one is asked to change (docs/decisions/0045-account-lockout-and-sessions.md).
 */
export function passwordProblem(password: string, username?: string): string | undefined {
  if ([...password].length < PASSWORD_MIN_LENGTH) return `密码至少 ${PASSWORD_MIN_LENGTH} 个字符`;
  if (password.length > PASSWORD_MAX_LENGTH) return `密码不能超过 ${PASSWORD_MAX_LENGTH} 个字符`;
  if (CLASSES.filter((c) => c.test(password)).length < 3) {
    return '密码须包含大写字母、小写字母、数字、符号中的至少 3 类';
  }
  if (username !== undefined && passwordHasUsername(password, username)) return PASSWORD_HAS_USERNAME;
  return undefined;
}

export const PASSWORD_HAS_USERNAME = '密码不能包含用户名';

/** The password contains the username, case-insensitive (a blank username never matches). */
export function passwordHasUsername(password: string, username: string): boolean {
  const name = username.trim().toLowerCase();
  return name !== '' && password.toLowerCase().includes(name);
}
