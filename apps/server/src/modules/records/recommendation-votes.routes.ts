import {
  recommendationVoteFilterQuery,
  recommendationVoteListQuery,
  recommendationVoteRecord,
  recommendationVoteRecordList,
  recommendationVoterBallots,
} from '@kaoping/contracts/records';
import { recordRoutes } from './record-routes';
import { recommendationRecords } from './recommendation-votes.service';

/** 民主推荐 ballots: records (one row per ballot and post) and per-voter results, as the other families. */
export default recordRoutes({
  source: recommendationRecords,
  tag: 'recommendation-votes',
  schemas: {
    listQuery: recommendationVoteListQuery,
    filterQuery: recommendationVoteFilterQuery,
    list: recommendationVoteRecordList,
    detail: recommendationVoteRecord,
    byVoter: recommendationVoterBallots,
  },
  summaries: {
    list: '民主推荐投票记录（每张选票每个推荐职位一行；按单位、投票类型、推荐职位、状态、来源、随机编号筛选；按随机编号排序；分页）',
    count: '民主推荐投票记录数（筛选同列表）',
    byVoter: '某随机编号的整张民主推荐票（各推荐职位的推荐人选、另提名、弃权或无效）',
    detail: '一张民主推荐票在一个推荐职位上的答卷',
  },
});
