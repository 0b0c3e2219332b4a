import { IMPORT_MAX_ROWS } from '@kaoping/contracts/roster-import';
import { ExcelImportButton } from '@/components/excel-import-button';

/**
 * 从 Excel 导入: download the template, upload the filled file; a file with any bad row adds nothing and the
 * dialog lists each row and reason.
 */
export function ImportButton({
  path,
  noun,
  companyId,
  onImported,
}: {
  path: 'vote-targets' | 'evaluation-subjects';
  noun: string;
  companyId: number;
  onImported: () => void;
}) {
  return (
    <ExcelImportButton
      companyId={companyId}
      importPath={`/admin/${path}/import`}
      templatePath={`/admin/${path}/import-template.xlsx`}
      noun={noun}
      hint={`先下载模板，按模板填写后上传（仅 .xlsx，最多 ${IMPORT_MAX_ROWS} 行，不超过 5 MB）。任何一行有误时不会导入任何数据。`}
      onImported={onImported}
    />
  );
}
