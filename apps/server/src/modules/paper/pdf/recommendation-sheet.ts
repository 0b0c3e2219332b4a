import {
  ballotInstruction,
  postRuleLine,
  type PublicRecommendationPost,
} from '@kaoping/contracts/recommendation-rules';
import { FONTS } from '../../../lib/pdf/fonts';
import { cellText, GREY, INK, MARGIN } from './paper-frame';
import type { SheetFlow } from './sheet-flow';

// 民主推荐票 on paper (issue 30): per 推荐职位 its heading, the rule line (职数, 最多推荐, 差额, 另提名) and the
// instruction '在同意推荐的人选姓名后的方框内划“○”…最多推荐 N 人', then a table of its 参考人选 (序号, 姓名,
// 出生年月 and 现任职务 where the post gives any, a box to mark) and blank rows for the 另提名 names, each
// with its box. The boxes are empty squares: the voter draws the ○ in them.

const NUMERALS = '一二三四五六七八九十';
const HEAD = 22;
const ROW = 24;
/** A write-in row is taller: a name is written there by hand. */
const WRITE_IN_ROW = 28;
const BOX = 13;

/** 一、二 … 十, then 11、12 … */
const numeral = (i: number) => (i < NUMERALS.length ? NUMERALS[i]! : String(i + 1));

interface Column {
  title: string;
  w: number;
  text: (c: PublicRecommendationPost['candidates'][number], n: number) => string;
}

/** The columns of a post's table: birth date and position only when a candidate of the post has them. */
function columnsOf(post: PublicRecommendationPost, width: number): { cols: Column[]; markW: number } {
  const markW = 64;
  const birth = post.candidates.some((c) => c.birth_date.trim() !== '');
  const position = post.candidates.some((c) => c.current_position.trim() !== '');
  const cols: Column[] = [{ title: '序号', w: 48, text: (_, n) => String(n) }];
  const nameW = position ? 110 : width - markW - 48 - (birth ? 80 : 0);
  cols.push({ title: '姓名', w: nameW, text: (c) => c.name });
  if (birth) cols.push({ title: '出生年月', w: 80, text: (c) => c.birth_date });
  if (position) {
    const used = cols.reduce((a, c) => a + c.w, 0);
    cols.push({ title: '现任职务', w: width - markW - used, text: (c) => c.current_position });
  }
  return { cols, markW };
}

function paragraph(flow: SheetFlow, text: string, size: number, color = INK) {
  const { doc } = flow;
  const w = flow.page.width - 2 * MARGIN;
  doc.font(FONTS.text).fontSize(size).fillColor(color);
  flow.ensure(doc.heightOfString(text, { width: w }) + 2);
  doc.text(text, MARGIN, flow.y, { width: w });
  flow.y = doc.y + 3;
}

function tableHead(flow: SheetFlow, cols: Column[], markW: number) {
  const { doc } = flow;
  let x = MARGIN;
  doc.lineWidth(0.6).strokeColor(INK);
  for (const c of [...cols, { title: '推荐', w: markW }]) {
    doc.rect(x, flow.y, c.w, HEAD).stroke();
    cellText(doc, c.title, x, flow.y, c.w, HEAD, { size: 9.5 });
    x += c.w;
  }
  flow.y += HEAD;
}

/** A row: its cells' texts, then the box to mark. */
function row(flow: SheetFlow, cols: Column[], markW: number, texts: string[], h: number) {
  const { doc } = flow;
  let x = MARGIN;
  doc.lineWidth(0.5).strokeColor(INK);
  cols.forEach((c, i) => {
    doc.rect(x, flow.y, c.w, h).stroke();
    const text = texts[i] ?? '';
    if (text) cellText(doc, text, x, flow.y, c.w, h, { size: i === 1 ? 11 : 9, minSize: 5.5 });
    x += c.w;
  });
  doc.rect(x, flow.y, markW, h).stroke();
  doc
    .rect(x + (markW - BOX) / 2, flow.y + (h - BOX) / 2, BOX, BOX)
    .lineWidth(0.8)
    .strokeColor(INK)
    .stroke();
  flow.y += h;
}

/** One post: heading, rule line, instruction, the candidates and the write-in rows. */
export function recommendationPostSection(flow: SheetFlow, post: PublicRecommendationPost, index: number) {
  const width = flow.page.width - 2 * MARGIN;
  const { cols, markW } = columnsOf(post, width);
  // The heading, its lines and the table head stay together with a first row.
  flow.ensure(70 + HEAD + ROW);
  const heading = `${numeral(index)}、${post.name}`;
  paragraph(flow, heading, 12.5);
  paragraph(flow, postRuleLine(post), 9, GREY);
  paragraph(flow, ballotInstruction(post.max_choices), 9.5);
  flow.y += 2;
  tableHead(flow, cols, markW);
  // A table running onto the next page: the post's name again above its repeated head.
  const onNewPage = (h: number) => {
    if (!flow.ensure(h)) return;
    paragraph(flow, `${heading}（续）`, 10);
    tableHead(flow, cols, markW);
  };
  post.candidates.forEach((c, i) => {
    onNewPage(ROW);
    row(
      flow,
      cols,
      markW,
      cols.map((col) => col.text(c, i + 1)),
      ROW,
    );
  });
  for (let i = 0; i < post.write_in_slots; i++) {
    onNewPage(WRITE_IN_ROW);
    row(flow, cols, markW, [`另提名${post.write_in_slots > 1 ? i + 1 : ''}`], WRITE_IN_ROW);
  }
  if (post.write_in_slots > 0)
    paragraph(
      flow,
      '另提名人选请将姓名填写在“另提名”栏的姓名格内，并在其后方框内划“○”；另提名人选计入推荐人数。',
      8.5,
      GREY,
    );
  flow.y += 12;
}

/** Every active post of the ballot, in order. */
export function recommendationSections(flow: SheetFlow, posts: readonly PublicRecommendationPost[]) {
  posts.forEach((post, i) => recommendationPostSection(flow, post, i));
}
