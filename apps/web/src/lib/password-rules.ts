import type { FormRule } from 'antd';
import { PASSWORD_RULE_TEXT, passwordProblem } from '@kaoping/contracts/password-rule';

/** What a new-password field says under it: the rule the server holds (contracts/password-rule.ts). */
export { PASSWORD_RULE_TEXT };

/**
 * The antd rules of a new-password field: the server's own rule with its own words, so a form refuses
 * what the server would. `username` reads the account's name when the form knows it (the rule refuses
 * a password that contains it).
 */
export function newPasswordRules(username?: () => string | undefined): FormRule[] {
  return [
    { required: true, message: '请输入密码' },
    {
      validator: (_, value: string | undefined) => {
        const problem = value ? passwordProblem(value, username?.()) : undefined;
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    },
  ];
}
