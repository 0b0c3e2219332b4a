import { evaluationRecords } from './evaluation/evaluation-records';
import { RecordsPage } from './records/records-page';

/** 民主评议记录 (/admin/cadre-vote-records): every evaluation ballot, or one row per voter. */
export default function CadreRecordsPage() {
  return <RecordsPage family={evaluationRecords} />;
}
