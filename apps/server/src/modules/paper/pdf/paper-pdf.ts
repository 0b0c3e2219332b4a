import { formatCode } from '@kaoping/contracts/ballot-codes';
import { newA4, pdfBuffer } from '../../../lib/pdf/document';
import type { BallotDefinition } from '../../voting/definition';
import { appraisalTable } from './appraisal-sheet';
import { cadreSection, newlyPromotedSection } from './evaluation-sheet';
import { recommendationSections } from './recommendation-sheet';
import type { SheetInfo } from './paper-frame';
import { SheetFlow } from './sheet-flow';

// The printable paper ballot of a vote type (issue 16 item 1): one sheet per copy, each numbered within
// itself; in codes mode each sheet carries its own one-time code with a QR, in link mode its printed 编号.

const HOW_TO = {
  democratic_appraisal:
    '填写说明：请在相应选项的 ○ 内打 √，每个测评对象的总体评价和每个分项各选一项；存在反向测评所列问题的在 □ 内打 √。本测评不记名。',
  democratic_evaluation:
    '填写说明：单选题在 ○ 内打 √，多选题在 □ 内打 √；对新提拔任用干部逐人在一个选项的 ○ 内打 √。本评议不记名。',
  // 民主推荐 (issue 30): the posts' tables are drawn by recommendation-sheet.ts.
  democratic_recommendation:
    '填写说明：在同意推荐的人选姓名后的方框内划“○”，不划的视为不推荐；每个职位推荐人数不得超过规定人数。本推荐不记名。',
} as const;

const NUMERALS = ['一', '二', '三', '四'];

export interface PaperPdfInput {
  def: BallotDefinition;
  /**
   * One entry per copy: the code (stored form) and its voting address, the sheet number of a print run
   * (link mode), or null for a blank form.
   */
  sheets: ({ code: string; url: string } | { number: number } | null)[];
}

function titleOf(def: BallotDefinition) {
  if (def.family === 'democratic_recommendation') return '民主推荐票';
  if (def.family === 'democratic_evaluation') {
    const cadre = def.polls.find((p) => p.kind === 'cadre');
    return cadre?.kind === 'cadre' ? cadre.schema.title || cadre.row.title : '民主评议表';
  }
  const kinds = new Set(def.targets.map((t) => t.type));
  if (kinds.size === 1) return def.polls.find((p) => kinds.has(p.kind))?.row.title ?? '民主测评表';
  return '领导班子和领导人员民主测评表';
}

function drawSheet(flow: SheetFlow, def: BallotDefinition) {
  if (def.family === 'democratic_recommendation') return recommendationSections(flow, def.posts);
  let n = 0;
  const heading = (title: string) => `${NUMERALS[n++] ?? n}、${title}`;
  for (const part of def.parts) {
    const poll = part.poll;
    if (poll.kind === 'company' || poll.kind === 'person') continue;
    if (poll.kind === 'cadre') cadreSection(flow, poll, heading(poll.schema.title || poll.row.title));
    if (poll.kind === 'newly_promoted')
      newlyPromotedSection(flow, poll, def.subjects, heading(poll.schema.title || poll.row.title));
  }
  for (const poll of def.polls) {
    if (poll.kind !== 'company' && poll.kind !== 'person') continue;
    const targets = def.targets.filter((t) => t.type === poll.kind);
    if (targets.length > 0) appraisalTable(flow, heading(poll.row.title), poll, targets);
  }
}

/** The PDF; answers the file and the pages of one sheet. */
export async function paperPdf(input: PaperPdfInput) {
  const { def } = input;
  const title = titleOf(def);
  const doc = await newA4(
    { title: `${def.company.name} ${def.voteType.name} ${title}`, subject: '纸质选票' },
    { bufferPages: true },
  );
  const orientation = def.family === 'democratic_appraisal' ? 'landscape' : 'portrait';
  let perSheet = 0;
  for (const printed of input.sheets) {
    const code = printed && 'code' in printed ? printed : null;
    const sheet: SheetInfo = {
      title,
      company: def.company.name,
      voteType: def.voteType.name,
      description: def.polls[0]?.row.description ?? '',
      code: code ? { text: formatCode(code.code), url: code.url } : undefined,
      number: printed && 'number' in printed ? printed.number : undefined,
      howTo: HOW_TO[def.family],
    };
    const flow = new SheetFlow(doc, sheet, orientation);
    drawSheet(flow, def);
    perSheet = flow.finish();
  }
  return { file: await pdfBuffer(doc), perSheet };
}
