import type { Writable } from 'node:stream';
import type { AuditEntry } from '@kaoping/contracts/audit-log';
import { ROLE_LABELS } from '@kaoping/contracts/auth';

const beijing = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

// A leading = + - @ would make Excel read a cell as a formula.
const safe = (text: string) => (/^[=+\-@]/.test(text) ? `'${text}` : text);

/**
 * Streams the audit log as one sheet, in Chinese (times in Beijing time); the last column keeps the
 * action's machine code, so that a reader can match a row with the API or the database.
 */
export async function writeAuditXlsx(out: Writable, rows: AsyncIterable<AuditEntry>) {
  // exceljs loads on the first export, not when the server starts.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  book.creator = '考评';
  const sheet = book.addWorksheet('审计日志', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [8, 20, 14, 12, 20, 22, 12, 10, 70, 26].map((width) => ({ width }));
  const head = sheet.addRow([
    '序号',
    '时间',
    '用户',
    '角色',
    '操作',
    '单位',
    '对象类型',
    '对象编号',
    '摘要',
    '操作代码（系统）',
  ]);
  head.font = { bold: true };
  head.commit();
  for await (const r of rows) {
    sheet
      .addRow([
        r.id,
        beijing.format(new Date(r.created_at)),
        safe(r.username),
        r.role ? ROLE_LABELS[r.role] : '',
        r.action_label,
        safe(r.company_name ?? (r.company_id ? `#${r.company_id}` : '')),
        r.object_type_label ?? '',
        r.object_id ?? '',
        safe(r.summary_text),
        r.action,
      ])
      .commit();
  }
  sheet.commit();
  await book.commit();
}
