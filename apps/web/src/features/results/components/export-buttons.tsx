import { useState } from 'react';
import { FilePdfOutlined, FileExcelOutlined, FileTextOutlined, FileWordOutlined } from '@ant-design/icons';
import { FORM_CATEGORY_LABELS, type FormCategory } from '@kaoping/contracts/vote-type';
import { Button, Space, Tooltip } from 'antd';
import { downloadAdminFile } from '@/lib/admin-download';
import { useFileDownload } from '@/lib/use-file-download';

type Kind = 'xlsx' | 'csv' | 'pdf' | 'docx';

/** Paths below /admin/companies/{id}/; the report (PDF, Word) covers both families of the round. */
const FILES: Record<Kind, { path: string; label: string; building: string; family: boolean }> = {
  xlsx: { path: 'results/export.xlsx', label: '导出 Excel', building: '正在生成 Excel 汇总表', family: true },
  csv: { path: 'results/ballots.csv', label: '导出原始选票 CSV', building: '正在导出原始选票', family: true },
  pdf: { path: 'report.pdf', label: '测评报告 PDF', building: '正在生成 PDF 测评报告', family: false },
  docx: { path: 'report.docx', label: '测评报告 Word', building: '正在生成 Word 测评报告', family: false },
};

/**
 * Excel (汇总表 and details) and CSV (raw ballots) of one company's results in one family and round, and
 * the printable report of the round (PDF, and Word for the department to edit).
 */
export function ExportButtons({
  companyId,
  category,
  roundId,
}: {
  companyId: number;
  category: FormCategory;
  /** An archived round's figures; undefined = the current round. */
  roundId?: number;
}) {
  const download = useFileDownload();
  const [busy, setBusy] = useState<Kind>();

  const run = async (kind: Kind) => {
    const file = FILES[kind];
    setBusy(kind);
    await download(`export-${kind}`, { building: file.building, failed: '导出失败，请重试' }, (onProgress) =>
      downloadAdminFile(
        `/admin/companies/${companyId}/${file.path}`,
        file.family ? { form_category: category, round_id: roundId } : { round_id: roundId },
        file.family ? `${FORM_CATEGORY_LABELS[category]}结果.${kind}` : `测评报告.${kind}`,
        onProgress,
      ),
    );
    setBusy(undefined);
  };

  return (
    <Space wrap>
      <Button
        type="primary"
        icon={<FileExcelOutlined />}
        loading={busy === 'xlsx'}
        disabled={busy !== undefined && busy !== 'xlsx'}
        onClick={() => run('xlsx')}
      >
        {FILES.xlsx.label}
      </Button>
      <Tooltip title="每份答卷一行，UTF-8 编码，Excel 可直接打开">
        <Button
          icon={<FileTextOutlined />}
          loading={busy === 'csv'}
          disabled={busy !== undefined && busy !== 'csv'}
          onClick={() => run('csv')}
        >
          {FILES.csv.label}
        </Button>
      </Tooltip>
      {(['pdf', 'docx'] as const).map((kind) => (
        <Tooltip key={kind} title="本批次的打印报告：封面、参评情况、汇总表、图表、预警和计票人/监票人签字栏">
          <Button
            icon={kind === 'pdf' ? <FilePdfOutlined /> : <FileWordOutlined />}
            loading={busy === kind}
            disabled={busy !== undefined && busy !== kind}
            onClick={() => run(kind)}
          >
            {FILES[kind].label}
          </Button>
        </Tooltip>
      ))}
    </Space>
  );
}
