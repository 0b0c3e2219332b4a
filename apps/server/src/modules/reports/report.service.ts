import type { Db } from '../../db/client';
import type { ReportDoc } from '../../lib/report/report-model';
import { getCompany } from '../companies/companies.service';
import { beijingTime } from '../results/export-columns';
import { turnoutRows } from '../results/turnout.service';
import { roundOf } from '../rounds/round-scope';
import { validityBlocks } from './report-validity';

export interface PreparedReport {
  doc: ReportDoc;
  /** e.g. 华东能源-2025年度-测评报告.pdf */
  fileName(ext: 'pdf' | 'docx'): string;
}

/** The report of a unit's round (absent: the current one): 404 for an unknown unit or round. */
export async function prepareReport(db: Db, companyId: number, roundId?: number): Promise<PreparedReport> {
  const company = await getCompany(db, companyId);
  const round = await roundOf(db, companyId, roundId);
  const { rows } = await turnoutRows(db, round.id);
  const now = beijingTime(new Date()).slice(0, 16);
  const doc: ReportDoc = {
    title: `${company.name} ${round.name} 测评报告`,
    cover: {
      title: company.name,
      subtitle: `${round.name} 民主测评与民主评议结果报告`,
      lines: [`测评批次：${round.name}`, `生成时间：${now}（北京时间）`],
    },
    blocks: [...validityBlocks(rows), { kind: 'signatures' }],
  };
  return { doc, fileName: (ext) => `${company.name}-${round.name}-测评报告.${ext}` };
}
