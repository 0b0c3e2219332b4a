import { useState } from 'react';
import { FileExcelOutlined } from '@ant-design/icons';
import { RANKINGS_NOTE } from '@kaoping/contracts/rankings';
import { FIGURES_AFTER_CLOSE } from '@kaoping/contracts/constants';
import { Alert, App, Button, Card, Select, Skeleton, Space, Typography } from 'antd';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { errorDetail } from '@/lib/api-client';
import { downloadRankings, useRankings } from '../api/rankings';
import { recentYears } from '../lib/format';
import { LeadersTable, PromotedTable, UnitsTable } from './ranking-tables';
import './rankings-page.css';

/**
 * 跨单位排名 (/admin/rankings): for a year, the units the account sees ranked by the leadership team's
 * weighted score and the 选人用人 好 share, every leader in one table, the newly promoted cadres against
 * the average; exported as three print sheets.
 */
export default function RankingsPage() {
  const years = recentYears();
  const [year, setYear] = useState(years[0]!);
  const rankings = useRankings(year);
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const exportXlsx = async () => {
    setBusy(true);
    try {
      const name = await downloadRankings(year);
      message.success(`已下载 ${name}`);
    } catch (err) {
      message.error(errorDetail(err, '导出失败，请重试'));
    } finally {
      setBusy(false);
    }
  };

  const data = rankings.data;
  return (
    <>
      <PageHeader
        title="跨单位排名"
        extra={
          <Button
            type="primary"
            icon={<FileExcelOutlined />}
            loading={busy}
            disabled={!data || data.units.length === 0}
            onClick={() => void exportXlsx()}
          >
            导出 Excel
          </Button>
        }
      >
        <Space wrap>
          <Typography.Text>年度</Typography.Text>
          <Select
            aria-label="年度"
            value={year}
            onChange={setYear}
            style={{ width: 120 }}
            options={years.map((y) => ({ value: y, label: `${y}年` }))}
          />
        </Space>
      </PageHeader>
      {rankings.isError ? (
        <LoadError title="排名加载失败" error={rankings.error} onRetry={() => void rankings.refetch()} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <div className="kp-rankings">
          <Typography.Paragraph type="secondary">{RANKINGS_NOTE}</Typography.Paragraph>
          {data.units.some((u) => u.open_note) && (
            <Alert
              type="info"
              showIcon
              title={FIGURES_AFTER_CLOSE}
              description={data.units
                .filter((u) => u.open_note)
                .map((u) => `${u.company.name}：${u.open_note}。`)
                .join('')}
            />
          )}
          <Card title="单位排名" size="small">
            <UnitsTable rows={data.units} />
          </Card>
          <Card title="领导干部排名" size="small">
            <LeadersTable rows={data.leaders} />
          </Card>
          <Card title="新提拔干部认同率排名" size="small">
            <PromotedTable rows={data.newly_promoted.items} average={data.newly_promoted.average} />
          </Card>
        </div>
      )}
    </>
  );
}
