import { NEWLY_PROMOTED_OPINIONS } from '@kaoping/contracts/ballot-rules';
import { FONTS } from '../../../lib/pdf/fonts';
import type { EvaluationSubjectRow } from '../../evaluation-subjects/evaluation-subjects.repository';
import type { ParsedPoll } from '../../polls/parsed-poll';
import { box, cellText, circle, GREY, INK, MARGIN } from './paper-frame';
import type { SheetFlow } from './sheet-flow';

// 民主评议 on paper: the 选人用人 questions with circles (one choice) or boxes (several) and ruled lines
// for text, then the newly promoted table (序号, 姓名, 出生年月, 原任职务, 现任职务, four opinions as
// circles) with the reason lines and the questionnaire's footer note.

const LINE = 20;

function ruledLines(flow: SheetFlow, n: number) {
  const { doc } = flow;
  for (let i = 0; i < n; i++) {
    flow.ensure(LINE);
    flow.y += LINE;
    doc
      .moveTo(MARGIN + 12, flow.y - 4)
      .lineTo(flow.page.width - MARGIN, flow.y - 4)
      .lineWidth(0.4)
      .strokeColor(GREY)
      .stroke();
  }
  flow.y += 4;
}

function paragraph(flow: SheetFlow, text: string, size: number, color = INK, indent = 0) {
  const { doc } = flow;
  const w = flow.page.width - 2 * MARGIN - indent;
  doc.font(FONTS.text).fontSize(size).fillColor(color);
  flow.ensure(doc.heightOfString(text, { width: w }) + 2);
  doc.text(text, MARGIN + indent, flow.y, { width: w });
  flow.y = doc.y + 3;
}

/** Options laid out left to right, wrapping; each with its circle or box. */
function options(flow: SheetFlow, labels: readonly string[], mark: 'circle' | 'box') {
  const { doc } = flow;
  const right = flow.page.width - MARGIN;
  let x = MARGIN + 16;
  doc.font(FONTS.text).fontSize(9.5);
  flow.ensure(18);
  for (const label of labels) {
    const w = 16 + doc.widthOfString(label) + 18;
    if (x + w > right && x > MARGIN + 16) {
      x = MARGIN + 16;
      flow.y += 18;
      flow.ensure(18);
    }
    if (mark === 'circle') circle(doc, x + 5, flow.y + 7);
    else box(doc, x + 5, flow.y + 7);
    doc
      .font(FONTS.text)
      .fontSize(9.5)
      .fillColor(INK)
      .text(label, x + 14, flow.y + 1, { lineBreak: false });
    x += w;
  }
  flow.y += 24;
}

export function cadreSection(flow: SheetFlow, poll: ParsedPoll<'cadre'>, heading: string) {
  paragraph(flow, heading, 12);
  let n = 0;
  for (const page of poll.schema.pages) {
    for (const q of page.questions) {
      const more = q.type === 'multiple_choice' && !q.text.includes('多选') ? '（可多选）' : '';
      paragraph(flow, `${++n}. ${q.text}${more}`, 10.5);
      if (q.type === 'text_area') ruledLines(flow, 3);
      else options(flow, q.options, q.type === 'single_choice' ? 'circle' : 'box');
    }
    if (page.footer_text) paragraph(flow, page.footer_text, 8.5, GREY);
  }
  flow.y += 8;
}

const COLS = [
  { title: '序号', w: 26 },
  { title: '姓名', w: 62 },
  { title: '出生年月', w: 56 },
  { title: '原任职务', w: 112 },
  { title: '现任职务', w: 112 },
] as const;
const OPINION_W = 42;
const HEAD = 28;
const ROW = 30;

function tableHead(flow: SheetFlow) {
  const { doc } = flow;
  let x = MARGIN;
  doc.lineWidth(0.6).strokeColor(INK);
  for (const c of COLS) {
    doc.rect(x, flow.y, c.w, HEAD).stroke();
    cellText(doc, c.title, x, flow.y, c.w, HEAD, { size: 9 });
    x += c.w;
  }
  for (const o of NEWLY_PROMOTED_OPINIONS) {
    doc.rect(x, flow.y, OPINION_W, HEAD).stroke();
    cellText(doc, o, x, flow.y, OPINION_W, HEAD, { size: 9 });
    x += OPINION_W;
  }
  flow.y += HEAD;
}

function subjectRow(flow: SheetFlow, n: number, s: EvaluationSubjectRow) {
  const { doc } = flow;
  const texts = [String(n), s.name, s.birthDate, s.previousPosition, s.currentPosition];
  let x = MARGIN;
  doc.lineWidth(0.5).strokeColor(INK);
  COLS.forEach((c, i) => {
    doc.rect(x, flow.y, c.w, ROW).stroke();
    cellText(doc, texts[i] ?? '', x, flow.y, c.w, ROW, { size: i === 1 ? 9.5 : 8, minSize: 5 });
    x += c.w;
  });
  for (let i = 0; i < NEWLY_PROMOTED_OPINIONS.length; i++) {
    doc.rect(x, flow.y, OPINION_W, ROW).stroke();
    circle(doc, x + OPINION_W / 2, flow.y + ROW / 2, 4.5);
    x += OPINION_W;
  }
  flow.y += ROW;
}

export function newlyPromotedSection(
  flow: SheetFlow,
  poll: ParsedPoll<'newly_promoted'>,
  subjects: EvaluationSubjectRow[],
  heading: string,
) {
  flow.ensure(24 + HEAD + ROW);
  paragraph(flow, heading, 12);
  tableHead(flow);
  subjects.forEach((s, i) => {
    if (flow.ensure(ROW)) tableHead(flow);
    subjectRow(flow, i + 1, s);
  });
  flow.y += 10;
  const schema = poll.schema;
  paragraph(flow, schema.reason_question, 10.5);
  if (schema.reason_placeholder) paragraph(flow, schema.reason_placeholder, 8.5, GREY);
  ruledLines(flow, 4);
  if (schema.footer_note) paragraph(flow, schema.footer_note, 8.5, GREY);
}
