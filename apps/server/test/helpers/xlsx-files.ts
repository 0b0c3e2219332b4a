import ExcelJS from 'exceljs';

/** An .xlsx with a title row and data rows, as a spreadsheet program saves it. */
export async function xlsxOf(rows: (string | number | null)[][], sheet = 'Sheet1') {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheet);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
