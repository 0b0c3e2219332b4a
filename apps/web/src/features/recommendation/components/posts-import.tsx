import { ExcelImportButton } from '@/components/excel-import-button';
import { POSTS_IMPORT_PATH, POSTS_TEMPLATE_PATH } from '../api/posts';

/**
 * 从 Excel 导入推荐职位: one row per candidate (a post's numbers on its rows); a file with any bad row adds
 * nothing and the dialog lists each row and reason.
 */
export function PostsImportButton({
  companyId,
  onImported,
  disabled,
}: {
  companyId: number | undefined;
  onImported: () => void;
  disabled?: boolean;
}) {
  return (
    <ExcelImportButton
      companyId={companyId}
      importPath={POSTS_IMPORT_PATH}
      templatePath={POSTS_TEMPLATE_PATH}
      noun="推荐职位"
      hint="先下载模板，每行一名参考人选，同一推荐职位的行填写相同的职位名称与职数；按模板填写后上传（仅 .xlsx，不超过 5 MB）。任何一行有误时不会导入任何数据。"
      onImported={onImported}
      disabled={disabled}
    />
  );
}
