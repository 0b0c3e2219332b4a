import type { CadreFormSchema } from '../cadre-schema';

const JUDGEMENT = ['好', '较好', '一般', '差', '不了解'];

/** 选人用人工作民主评议表, as used in the annual 一报告两评议. */
export const cadreTemplate = {
  title: '选人用人工作民主评议表',
  description: '请根据您的了解，对本单位选人用人工作作出评价。本评议不记名。',
  form_schema: {
    title: '选人用人工作民主评议表',
    pages: [
      {
        questions: [
          {
            id: 'overall',
            type: 'single_choice',
            text: '对本单位选人用人工作的总体评价',
            options: JUDGEMENT,
          },
          {
            id: 'supervision',
            type: 'single_choice',
            text: '对本单位从严管理监督干部情况的评价',
            options: JUDGEMENT,
          },
        ],
        footer_text: '请在您认同的选项上点选，每题只选一项。',
      },
      {
        questions: [
          {
            id: 'problems',
            type: 'multiple_choice',
            text: '您认为本单位选人用人工作存在的主要问题是什么（可多选）',
            options: [
              '选人用人把关不严、质量不高',
              '选人用人“个人说了算”',
              '任人唯亲、拉帮结派',
              '跑官要官、说情打招呼',
              '执行干部选拔任用政策规定不严格',
              '不存在突出问题',
            ],
          },
          {
            id: 'suggestions',
            type: 'text_area',
            text: '您对进一步做好选人用人工作的意见和建议',
            options: [],
            placeholder: '请填写您的意见和建议（选填）',
          },
        ],
        footer_text: '感谢您的参与！',
      },
    ],
  },
} satisfies { title: string; description: string; form_schema: CadreFormSchema };
