import { recommendationRecords } from './recommendation-records';
import { RecordsPage } from './records-page';

/** 民主推荐记录 (/admin/recommendation-records): every ballot post by post, or one row per ballot. */
export default function RecommendationRecordsPage() {
  return <RecordsPage family={recommendationRecords} />;
}
