import { useState } from 'react';
import { FileExcelOutlined, FileTextOutlined } from '@ant-design/icons';
import { FORM_CATEGORY_LABELS, type FormCategory } from '@kaoping/contracts/vote-type';
import { App, Button, Space, Tooltip } from 'antd';
import { errorDetail } from '@/lib/api-client';
import { downloadAdminFile, formatBytes } from '@/lib/admin-download';

type Kind = 'xlsx' | 'csv';

const FILES: Record<Kind, { path: string; label: string; building: string }> = {
  xlsx: { path: 'export.xlsx', label: '导出 Excel', building: '正在生成 Excel 汇总表' },
  csv: { path: 'ballots.csv', label: '导出原始选票 CSV', building: '正在导出原始选票' },
};

/** Excel (汇总表 and details) and CSV (raw ballots) of one company's results in one family and round. */
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
  const { message } = App.useApp();
  const [busy, setBusy] = useState<Kind>();

  const run = async (kind: Kind) => {
    const file = FILES[kind];
    const key = `export-${kind}`;
    setBusy(kind);
    message.open({ key, type: 'loading', content: `${file.building}，请稍候…`, duration: 0 });
    try {
      const name = await downloadAdminFile(
        `/admin/companies/${companyId}/results/${file.path}`,
        { form_category: category, round_id: roundId },
        `${FORM_CATEGORY_LABELS[category]}结果.${kind}`,
        (bytes) =>
          message.open({
            key,
            type: 'loading',
            content: `${file.building}，已接收 ${formatBytes(bytes)}…`,
            duration: 0,
          }),
      );
      message.open({ key, type: 'success', content: `已下载 ${name}`, duration: 3 });
    } catch (err) {
      message.open({ key, type: 'error', content: errorDetail(err, '导出失败，请重试'), duration: 5 });
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Space wrap>
      <Button
        type="primary"
        icon={<FileExcelOutlined />}
        loading={busy === 'xlsx'}
        disabled={busy === 'csv'}
        onClick={() => run('xlsx')}
      >
        {FILES.xlsx.label}
      </Button>
      <Tooltip title="每份答卷一行，UTF-8 编码，Excel 可直接打开">
        <Button
          icon={<FileTextOutlined />}
          loading={busy === 'csv'}
          disabled={busy === 'xlsx'}
          onClick={() => run('csv')}
        >
          {FILES.csv.label}
        </Button>
      </Tooltip>
    </Space>
  );
}
