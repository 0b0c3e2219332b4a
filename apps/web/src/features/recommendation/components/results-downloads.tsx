import { useState } from 'react';
import { FileExcelOutlined, FilePdfOutlined, FileWordOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { downloadAdminFile } from '@/lib/admin-download';
import { useFileDownload } from '@/lib/use-file-download';

const FORMATS = [
  { format: 'xlsx', label: 'Excel', icon: <FileExcelOutlined /> },
  { format: 'pdf', label: 'PDF', icon: <FilePdfOutlined /> },
  { format: 'docx', label: 'Word', icon: <FileWordOutlined /> },
] as const;

/**
 * 民主推荐情况汇总表 as Excel, PDF or Word (GET /companies/{id}/recommendation-results/export): the server
 * builds it from the same results, sealed with a 核验码.
 */
export function ResultsDownloads({ companyId, roundId }: { companyId: number; roundId: number | undefined }) {
  const download = useFileDownload();
  const [busy, setBusy] = useState<string>();
  const get = async (format: (typeof FORMATS)[number]['format']) => {
    setBusy(format);
    await download(
      `rec-summary-${format}`,
      { building: '正在生成民主推荐情况汇总表', failed: '下载失败' },
      (onProgress) =>
        downloadAdminFile(
          `/admin/companies/${companyId}/recommendation-results/export`,
          { format, round_id: roundId },
          `民主推荐情况汇总表.${format}`,
          onProgress,
        ),
    );
    setBusy(undefined);
  };
  return (
    <>
      {FORMATS.map((f) => (
        <Button
          key={f.format}
          icon={f.icon}
          loading={busy === f.format}
          disabled={busy !== undefined && busy !== f.format}
          onClick={() => void get(f.format)}
        >
          汇总表 {f.label}
        </Button>
      ))}
    </>
  );
}
