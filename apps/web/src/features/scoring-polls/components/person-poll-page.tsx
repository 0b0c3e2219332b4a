import { ScoringPollPage } from './scoring-poll-page';

/** /admin/person-poll-management: the person (领导人员) poll of the chosen company. */
export default function PersonPollPage() {
  return <ScoringPollPage kind="person" />;
}
