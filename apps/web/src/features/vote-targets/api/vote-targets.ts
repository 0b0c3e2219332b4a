import type { VoteTarget, VoteTargetCreateInput, VoteTargetUpdateBody } from '@kaoping/contracts/vote-target';
import { rosterApi } from './roster';

export const targetsApi = rosterApi<VoteTarget, VoteTargetCreateInput, VoteTargetUpdateBody>(
  '/admin/vote-targets',
);
