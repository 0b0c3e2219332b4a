// The rankings as a workbook of three print sheets (A4 landscape, headers repeated, % shares).
import type { Writable } from 'node:stream';
import { RANKINGS_NOTE, type Rankings } from '@kaoping/contracts/rankings';
import { oneRowHeader, signedCell } from '../../lib/report/report-model';
import { beijingTime } from '../results/export-columns';
import { openBook, sheetNamer } from '../results/export-xlsx';
import { reportSheet } from '../results/export-xlsx-report';
import { count, score, share } from '../reports/report-common';

/** Writes the workbook into `out` and ends it; `seal`: its 核验码, printed in every sheet. */
export async function writeRankingsBook(r: Rankings, out: Writable, seal?: string) {
  const book = openBook(out, seal);
  const name = sheetNamer();
  const lines = [
    `年度：${r.year}`,
    `导出时间：${beijingTime(new Date())}（北京时间）`,
    `说明：${RANKINGS_NOTE}`,
    // A unit's groups still open are left out of its figures (decision 0041): every sheet says which.
    ...r.units.filter((u) => u.open_note).map((u) => `${u.company.name}：${u.open_note}`),
  ];
  const good = r.units.find((u) => u.cadre_good_label)?.cadre_good_label ?? '好';
  reportSheet(book, name('单位排名'), {
    title: `${r.year}年度 各单位排名`,
    lines,
    blocks: [
      {
        kind: 'table',
        table: {
          header: [
            [
              { text: '单位', rowSpan: 2 },
              { text: '测评批次', rowSpan: 2 },
              { text: '领导班子', colSpan: 2 },
              { text: '选人用人工作', colSpan: 2 },
            ],
            [{ text: '加权得分' }, { text: '排名' }, { text: `总体评价“${good}”占比` }, { text: '排名' }],
          ],
          widths: [26, 14, 12, 8, 18, 8],
          rows: r.units.map((u) => ({
            cells: [
              u.company.name,
              u.round.name,
              score(u.team_weighted_score),
              count(u.team_rank),
              share(u.cadre_good_share),
              count(u.cadre_rank),
            ],
          })),
        },
      },
    ],
  });
  reportSheet(book, name('领导干部排名'), {
    title: `${r.year}年度 各单位领导干部排名`,
    lines: [...lines, '优秀率：加权合计行中第一档（如“优秀”）的占比。'],
    blocks: [
      {
        kind: 'table',
        table: {
          header: oneRowHeader(
            '姓名',
            '职务',
            '单位',
            '加权得分',
            '按加权得分排名',
            '优秀率',
            '按优秀率排名',
          ),
          widths: [14, 20, 24, 10, 10, 10, 10],
          rows: r.leaders.map((l) => ({
            cells: [
              l.name,
              l.title,
              l.company.name,
              score(l.weighted_score),
              count(l.score_rank),
              share(l.excellent_rate),
              count(l.excellent_rank),
            ],
          })),
        },
      },
    ],
  });
  const avg = r.newly_promoted.average;
  reportSheet(book, name('新提拔干部排名'), {
    title: `${r.year}年度 新提拔干部认同率排名`,
    lines: [...lines, `全部新提拔干部平均认同率：${avg === null ? '—' : `${avg.toFixed(2)}%`}`],
    blocks: [
      {
        kind: 'table',
        table: {
          header: oneRowHeader(
            '姓名',
            '单位',
            '评议人数',
            '认同率',
            '与平均值之差（百分点）',
            '排名',
            '预警',
          ),
          widths: [14, 24, 10, 10, 14, 8, 16],
          rows: r.newly_promoted.items.map((p) => ({
            flagged: p.flagged,
            cells: [
              p.name,
              p.company.name,
              count(p.count),
              share(p.approval_rate),
              signedCell(p.versus_average),
              count(p.rank),
              p.flagged ? '不认同率超过阈值' : null,
            ],
          })),
        },
      },
    ],
  });
  await book.commit();
}
