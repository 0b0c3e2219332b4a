import type { PollTargetType } from '@kaoping/contracts/poll';

/** Query keys of this feature: a company's poll of one kind. */
export const companyPollKey = (companyId: number, kind: PollTargetType) =>
  ['polls', 'company', companyId, kind] as const;
