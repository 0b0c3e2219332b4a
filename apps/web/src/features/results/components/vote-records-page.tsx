import { appraisalRecords } from './appraisal/appraisal-records';
import { RecordsPage } from './records/records-page';

/** 投票记录 (/admin/vote-records): every 民主测评 ballot, or one row per voter, with a read-only view. */
export default function VoteRecordsPage() {
  return <RecordsPage family={appraisalRecords} />;
}
