import {
  cadreVoteDetail,
  cadreVoteFilterQuery,
  cadreVoteListQuery,
  cadreVoteRecordList,
  cadreVoterBallots,
} from '@kaoping/contracts/records';
import { evaluationRecords } from './cadre-votes.service';
import { recordRoutes } from './record-routes';

/** Democratic evaluation ballots (民主评议: cadre and newly promoted polls): records and per-voter results. */
export default recordRoutes({
  source: evaluationRecords,
  tag: 'cadre-votes',
  schemas: {
    listQuery: cadreVoteListQuery,
    filterQuery: cadreVoteFilterQuery,
    list: cadreVoteRecordList,
    detail: cadreVoteDetail,
    byVoter: cadreVoterBallots,
  },
  summaries: {
    list: '民主评议投票记录（按单位、投票类型、问卷、投票人、时间筛选；按时间排序；分页）',
    count: '民主评议投票记录数（筛选同列表）',
    byVoter: '某投票人的全部民主评议答卷（附问卷与评议对象，供只读展示）',
    detail: '一份民主评议答卷（附问卷与评议对象，供只读展示）',
  },
});
