import { FONTS } from '../../../lib/pdf/fonts';
import type { ParsedPoll } from '../../polls/parsed-poll';
import type { VoteTargetRow } from '../../vote-targets/vote-targets.repository';
import { box, cellText, circle, GREY, INK, MARGIN } from './paper-frame';
import type { SheetFlow } from './sheet-flow';

// 民主测评 on paper: a table per target type, the targets as rows; the overall grade and each item's
// grade as columns of circles (○), the reverse items as boxes (□). Columns that do not fit the width
// of a landscape page go into a second band of the same rows.

type Scoring = ParsedPoll<'company'> | ParsedPoll<'person'>;

interface Group {
  kind: 'overall' | 'item' | 'reverse';
  /** Row 1 for overall and reverse; row 2 (the item name) for an item. */
  title: string;
  cols: { label: string; mark: 'circle' | 'box' }[];
}

const NO_W = 22;
const NAME_W = 92;
const NATURAL = { overall: 26, item: 16, reverse: 40 } as const;
const H1 = 15;
const H2 = 26;
const H3 = 15;
const ROW = 22;

function groupsOf(poll: Scoring): Group[] {
  const [overall, items] = poll.schema.evaluationGroups;
  const reverse = poll.schema.reverseEvaluation;
  const grade = (opts: { label: string }[]) => opts.map((o) => ({ label: o.label, mark: 'circle' as const }));
  return [
    { kind: 'overall', title: overall.title || '总体评价', cols: grade(overall.options) },
    ...items.items.map((i) => ({ kind: 'item' as const, title: i.name, cols: grade(items.options) })),
    ...(reverse.items.length > 0
      ? [
          {
            kind: 'reverse' as const,
            title: `${reverse.title}（存在的打√）`,
            cols: reverse.items.map((i) => ({ label: i.description, mark: 'box' as const })),
          },
        ]
      : []),
  ];
}

/** Groups packed into bands that fit `avail` points, each column with its width scaled to fill. */
function bands(groups: Group[], avail: number, overallW: number) {
  const colOf = (g: Group) => (g.kind === 'overall' ? overallW : NATURAL[g.kind]);
  const width = (g: Group) => g.cols.length * colOf(g);
  const out: Group[][] = [[]];
  let used = 0;
  for (const g of groups) {
    if (used + width(g) > avail && out.at(-1)!.length > 0) {
      out.push([]);
      used = 0;
    }
    out.at(-1)!.push(g);
    used += width(g);
  }
  return out.map((band) => {
    const natural = band.reduce((a, g) => a + width(g), 0);
    const scale = Math.min(avail / natural, 2.2);
    return band.map((g) => ({ ...g, colW: colOf(g) * scale }));
  });
}

type Placed = Group & { colW: number };

function header(flow: SheetFlow, band: Placed[], sectionTitle: string) {
  const { doc } = flow;
  const y = flow.y;
  const h = H1 + H2 + H3;
  let x = MARGIN;
  doc.lineWidth(0.6).strokeColor(INK);
  doc.rect(x, y, NO_W, h).stroke();
  cellText(doc, '序号', x, y, NO_W, h, { size: 8 });
  x += NO_W;
  doc.rect(x, y, NAME_W, h).stroke();
  cellText(doc, sectionTitle, x, y, NAME_W, h, { size: 8.5 });
  x += NAME_W;
  const items = band.filter((g) => g.kind === 'item');
  const itemsW = items.reduce((a, g) => a + g.cols.length * g.colW, 0);
  for (const g of band) {
    const w = g.cols.length * g.colW;
    if (g.kind === 'item') {
      if (g === items[0]) {
        doc.rect(x, y, itemsW, H1).stroke();
        cellText(doc, '分项评价', x, y, itemsW, H1, { size: 8.5 });
      }
      doc.rect(x, y + H1, w, H2).stroke();
      cellText(doc, g.title, x, y + H1, w, H2, { size: 8 });
      g.cols.forEach((c, i) => {
        doc.rect(x + i * g.colW, y + H1 + H2, g.colW, H3).stroke();
        cellText(doc, c.label, x + i * g.colW, y + H1 + H2, g.colW, H3, { size: 6.5, minSize: 4.5 });
      });
    } else {
      doc.rect(x, y, w, H1).stroke();
      cellText(doc, g.title, x, y, w, H1, { size: 8.5, minSize: 6 });
      g.cols.forEach((c, i) => {
        doc.rect(x + i * g.colW, y + H1, g.colW, H2 + H3).stroke();
        cellText(doc, c.label, x + i * g.colW, y + H1, g.colW, H2 + H3, { size: 7, minSize: 4.5 });
      });
    }
    x += w;
  }
  flow.y += h;
}

function row(flow: SheetFlow, band: Placed[], n: number, target: VoteTargetRow) {
  const { doc } = flow;
  const y = flow.y;
  let x = MARGIN;
  doc.lineWidth(0.5).strokeColor(INK);
  doc.rect(x, y, NO_W, ROW).stroke();
  cellText(doc, String(n), x, y, NO_W, ROW, { size: 8 });
  x += NO_W;
  doc.rect(x, y, NAME_W, ROW).stroke();
  if (target.title) {
    cellText(doc, target.name, x, y, NAME_W, ROW * 0.62, { size: 9, minSize: 6 });
    doc.fillColor(GREY);
    cellText(doc, target.title, x, y + ROW * 0.5, NAME_W, ROW * 0.5, { size: 6, minSize: 4.5 });
  } else {
    cellText(doc, target.name, x, y, NAME_W, ROW, { size: 9, minSize: 6 });
  }
  x += NAME_W;
  for (const g of band) {
    g.cols.forEach((c, i) => {
      const cx = x + i * g.colW;
      doc.rect(cx, y, g.colW, ROW).lineWidth(0.5).strokeColor(INK).stroke();
      if (c.mark === 'circle') circle(doc, cx + g.colW / 2, y + ROW / 2);
      else box(doc, cx + g.colW / 2, y + ROW / 2);
    });
    x += g.cols.length * g.colW;
  }
  flow.y += ROW;
}

/** One target type's table (in as many bands as its columns need), with its section heading. */
export function appraisalTable(flow: SheetFlow, heading: string, poll: Scoring, targets: VoteTargetRow[]) {
  const avail = flow.page.width - 2 * MARGIN - NO_W - NAME_W;
  const groups = groupsOf(poll);
  // The overall grades are words (基本称职): their columns are as wide as the widest at 7 pt.
  flow.doc.font(FONTS.text).fontSize(7);
  const widest = Math.max(...groups[0]!.cols.map((c) => flow.doc.widthOfString(c.label)));
  const all = bands(groups, avail, Math.max(NATURAL.overall, widest + 8));
  all.forEach((band, b) => {
    flow.ensure(22 + H1 + H2 + H3 + ROW);
    const part = all.length > 1 ? `（${b + 1}/${all.length}）` : '';
    cellText(flow.doc, `${heading}${part}`, MARGIN, flow.y, flow.page.width - 2 * MARGIN, 18, {
      size: 11,
      align: 'left',
    });
    flow.y += 20;
    header(flow, band, poll.kind === 'company' ? '测评对象' : '姓名 / 职务');
    targets.forEach((t, i) => {
      if (flow.ensure(ROW)) header(flow, band, poll.kind === 'company' ? '测评对象' : '姓名 / 职务');
      row(flow, band, i + 1, t);
    });
    flow.y += 12;
  });
}
