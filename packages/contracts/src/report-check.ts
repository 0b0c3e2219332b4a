// 报告核验 (issue 27): every printed report, workbook and 汇总表 carries a 核验码; the check answers whether
// the figures the system holds today are still the ones printed, and when and by whom it was printed.
import { z } from 'zod';
import { companyRef, int } from './common';
import { unitSummary } from './summary-tables';

/** The documents that carry a 核验码, by the kind their seal records. */
export const SEALED_DOCUMENTS = [
  'report_pdf',
  'report_docx',
  'appraisal_xlsx',
  'evaluation_xlsx',
  'summary_print',
  'rankings_xlsx',
  // 民主推荐情况汇总表 (issue 30), one kind per file.
  'recommendation_pdf',
  'recommendation_docx',
  'recommendation_xlsx',
] as const;
export type SealedDocument = (typeof SEALED_DOCUMENTS)[number];

export const SEALED_DOCUMENT_LABELS: Record<SealedDocument, string> = {
  report_pdf: '测评报告（PDF）',
  report_docx: '测评报告（Word）',
  appraisal_xlsx: '民主测评结果 Excel',
  evaluation_xlsx: '民主评议结果 Excel',
  summary_print: '汇总表（打印）',
  rankings_xlsx: '跨单位排名 Excel',
  recommendation_pdf: '民主推荐情况汇总表（PDF）',
  recommendation_docx: '民主推荐情况汇总表（Word）',
  recommendation_xlsx: '民主推荐情况汇总表（Excel）',
};

/** Crockford base32: no I, L, O, U, so a code read off paper is not misread. */
export const SEAL_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const SEAL_LENGTH = 16;

/**
 * A code as typed (any case, spaces or dashes, O for 0, I or L for 1) → its 16 characters, or null
 * when it cannot be a code.
 */
export function normalizeSealCode(typed: string): string | null {
  const plain = typed
    .toUpperCase()
    .replace(/[\s\-－—_]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (plain.length !== SEAL_LENGTH) return null;
  for (const ch of plain) if (!SEAL_ALPHABET.includes(ch)) return null;
  return plain;
}

/** ABCD-EFGH-JKMN-PQRS, as printed. */
export const groupedSealCode = (code: string) => code.match(/.{1,4}/g)!.join('-');

export const reportCheckQuery = z.object({
  code: z
    .string({ error: '请输入核验码' })
    .max(64, { error: '核验码过长' })
    .meta({ description: '报告页脚的核验码（16 位，大小写与连字符不限）', example: 'ABCD-EFGH-JKMN-PQRS' }),
});
export type ReportCheckQuery = z.infer<typeof reportCheckQuery>;

/** The audit chain's head: how many rows and the newest row's MAC. */
export const auditHeadAnswer = z.object({ row_count: int, last_mac: z.string().nullable() });

export const reportCheckAnswer = z.object({
  code: z.string().meta({ description: '核验码（分组显示）' }),
  /**
   * `match`: the figures held today are the ones printed; `changed`: they differ (数据已变化);
   * `gone`: the unit or round no longer exists; `forged`: the stored seal was not made by this system's key.
   */
  status: z.enum(['match', 'changed', 'gone', 'forged']),
  document: z.enum(SEALED_DOCUMENTS),
  document_label: z.string(),
  company: companyRef.nullable(),
  round: z.object({ id: int, name: z.string() }).nullable(),
  printed_at: z.string(),
  printed_by: z.string().nullable().meta({ description: '打印（生成）该文件的账号' }),
  audit_then: auditHeadAnswer,
  audit_now: auditHeadAnswer,
  checked_at: z.string(),
});
export type ReportCheckAnswer = z.infer<typeof reportCheckAnswer>;

/** The 汇总表 as printed from the screen, with the 核验码 its printout carries. */
export const printedSummary = z.object({
  summary: unitSummary,
  seal: z.object({ code: z.string(), sealed_at: z.string() }),
});
export type PrintedSummary = z.infer<typeof printedSummary>;
