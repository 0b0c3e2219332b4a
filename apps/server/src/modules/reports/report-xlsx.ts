import type { UnitSummary } from '@kaoping/contracts/summary-tables';
import type { FormCategory } from '@kaoping/contracts/vote-type';
import type { ReportBlock } from '../../lib/report/report-model';
import type { LeadingSheets } from '../results/export.service';
import { reportSheet } from '../results/export-xlsx-report';
import { appraisalTable, flagLines, itemsTable, reverseTable, SECTION_NAMES } from './report-appraisal';
import { headLines } from './report-common';
import { cadreBlocks, promotedBlocks } from './report-evaluation';

const tableBlocks = (heading: string, table: ReturnType<typeof itemsTable>): ReportBlock[] =>
  table
    ? [
        { kind: 'heading', text: heading, level: 2 },
        { kind: 'table', table },
      ]
    : [];

/**
 * The official 汇总表 sheets of a family, in the print layout (title, unit, round, thresholds, close
 * time, merged headers, % shares, signature lines): 民主测评 one sheet per section plus items and reverse;
 * 民主评议 选人用人 and 新提拔.
 */
export function summarySheets(s: UnitSummary, family: FormCategory): LeadingSheets {
  const title = (what: string) => `${s.company.name} ${s.round.name} ${what}`;
  const lines = headLines(s);
  return (book, name) => {
    if (family === 'democratic_appraisal') {
      for (const section of s.appraisal.sections) {
        const kind = SECTION_NAMES[section.kind];
        reportSheet(book, name(`${kind}汇总表`), {
          title: title(`${kind}民主测评汇总表`),
          lines,
          pageNote: s.validity.count_note,
          blocks: [
            { kind: 'table', table: appraisalTable(section, s) },
            ...flagLines(section, s).map((text): ReportBlock => ({
              kind: 'paragraph',
              tone: 'warning',
              text,
            })),
          ],
        });
      }
      const items = s.appraisal.sections.flatMap((x) =>
        tableBlocks(`${SECTION_NAMES[x.kind]}分项评价`, itemsTable(x)),
      );
      if (items.length)
        reportSheet(book, name('分项评价汇总表'), {
          title: title('分项评价汇总表'),
          lines,
          pageNote: s.validity.count_note,
          blocks: items,
        });
      const reverse = s.appraisal.sections.flatMap((x) =>
        tableBlocks(`${SECTION_NAMES[x.kind]}${x.reverse_title}`, reverseTable(x)),
      );
      if (reverse.length)
        reportSheet(book, name('反向测评汇总表'), {
          title: title('反向测评汇总表'),
          lines,
          pageNote: s.validity.count_note,
          blocks: reverse,
        });
      return;
    }
    reportSheet(book, name('选人用人汇总表'), {
      title: title('选人用人工作民主评议汇总表'),
      lines,
      pageNote: s.validity.count_note,
      blocks: cadreBlocks(s).slice(1),
    });
    reportSheet(book, name('新提拔汇总表'), {
      title: title('新提拔干部民主评议汇总表'),
      lines,
      pageNote: s.validity.count_note,
      blocks: promotedBlocks(s, { charts: false }).slice(1),
    });
  };
}
