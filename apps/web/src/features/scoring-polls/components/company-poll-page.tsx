import { ScoringPollPage } from './scoring-poll-page';

/** /admin/poll-management: the company (领导班子) poll of the chosen company. */
export default function CompanyPollPage() {
  return <ScoringPollPage kind="company" />;
}
