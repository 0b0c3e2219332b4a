import type { ScoringFormSchema } from '../scoring-schema';

/** 领导人员民主测评表: overall 40 + five items × 12 = 100 for the best ballot. */
export const personTemplate = {
  title: '领导人员民主测评表',
  description: '请根据您对该领导人员的日常了解，客观公正地作出评价，在相应选项中勾选。本测评不记名。',
  form_schema: {
    evaluationGroups: [
      {
        title: '总体评价',
        options: [
          { label: '优秀', value: 'excellent', score: 40 },
          { label: '称职', value: 'competent', score: 30 },
          { label: '基本称职', value: 'basically_competent', score: 15 },
          { label: '不称职', value: 'incompetent', score: 0 },
        ],
      },
      {
        title: '分项评价',
        options: [
          { label: '好', value: 'good', score: 12 },
          { label: '较好', value: 'fairly_good', score: 9.6 },
          { label: '一般', value: 'average', score: 6 },
          { label: '差', value: 'poor', score: 0 },
        ],
        items: [
          { id: 'political_quality', name: '政治素质' },
          { id: 'ability', name: '履职能力' },
          { id: 'responsibility', name: '担当作为' },
          { id: 'conduct', name: '作风形象' },
          { id: 'integrity', name: '廉洁自律' },
        ],
      },
    ],
    reverseEvaluation: {
      title: '反向测评',
      options: [{ label: '存在', value: 'present', score: -5 }],
      items: [
        { id: 'two_faced', description: '对上级决策阳奉阴违' },
        { id: 'avoid_conflict', description: '回避矛盾、和稀泥、当老好人' },
        { id: 'formalism', description: '工作浮躁、搞形式主义' },
        { id: 'abuse_power', description: '以权谋私、吃拿卡要' },
      ],
    },
  },
} satisfies { title: string; description: string; form_schema: ScoringFormSchema };
