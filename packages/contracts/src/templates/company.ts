import type { ScoringFormSchema } from '../scoring-schema';

/** 领导班子民主测评表: overall 40 + six items × 10 = 100 for the best ballot. */
export const companyTemplate = {
  title: '领导班子民主测评表',
  description: '请根据您对本单位领导班子的日常了解，客观公正地作出评价，在相应选项中勾选。本测评不记名。',
  form_schema: {
    evaluationGroups: [
      {
        title: '总体评价',
        options: [
          { label: '好', value: 'good', score: 40 },
          { label: '较好', value: 'fairly_good', score: 32 },
          { label: '一般', value: 'average', score: 20 },
          { label: '差', value: 'poor', score: 0 },
        ],
      },
      {
        title: '分项评价',
        options: [
          { label: '好', value: 'good', score: 10 },
          { label: '较好', value: 'fairly_good', score: 8 },
          { label: '一般', value: 'average', score: 5 },
          { label: '差', value: 'poor', score: 0 },
        ],
        items: [
          { id: 'political_quality', name: '政治素质' },
          { id: 'business_performance', name: '经营业绩' },
          { id: 'unity', name: '团结协作' },
          { id: 'conduct', name: '作风形象' },
          { id: 'party_building', name: '党建工作' },
          { id: 'integrity', name: '党风廉政建设' },
        ],
      },
    ],
    reverseEvaluation: {
      title: '反向测评',
      options: [{ label: '存在', value: 'present', score: -5 }],
      items: [
        { id: 'formalism', description: '形式主义、官僚主义问题' },
        { id: 'eight_rules', description: '违反中央八项规定精神问题' },
        { id: 'appointment', description: '选人用人不正之风' },
        { id: 'inaction', description: '不担当不作为' },
      ],
    },
  },
} satisfies { title: string; description: string; form_schema: ScoringFormSchema };
