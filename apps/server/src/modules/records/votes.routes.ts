import {
  voteDetail,
  voteFilterQuery,
  voteListQuery,
  voteRecordList,
  voterBallots,
} from '@kaoping/contracts/records';
import { recordRoutes } from './record-routes';
import { appraisalRecords } from './votes.service';

/** Democratic appraisal ballots (民主测评): records and per-voter results (turnout: results/turnout.routes.ts). */
export default recordRoutes({
  source: appraisalRecords,
  tag: 'votes',
  schemas: {
    listQuery: voteListQuery,
    filterQuery: voteFilterQuery,
    list: voteRecordList,
    detail: voteDetail,
    byVoter: voterBallots,
  },
  summaries: {
    list: '民主测评投票记录（按单位、投票类型、测评对象、投票人、时间筛选；按时间或得分排序；分页）',
    count: '民主测评投票记录数（筛选同列表）',
    byVoter: '某投票人的全部民主测评答卷（附问卷，供只读展示）',
    detail: '一份民主测评答卷（附问卷，供只读展示）',
  },
});
