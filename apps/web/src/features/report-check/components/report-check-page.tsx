import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Empty, Input, Skeleton, Space, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { groupedSealCode, normalizeSealCode, type ReportCheckAnswer } from '@kaoping/contracts/report-check';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { ApiError } from '@/lib/api-client';
import { useReportCheck } from '../api/report-check';
import './report-check.css';

/** An instant as a reader in China reads it: Beijing time to the second. */
const beijing = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });

const VERDICTS: Record<
  ReportCheckAnswer['status'],
  { type: 'success' | 'error' | 'warning'; title: string; text: string }
> = {
  match: {
    type: 'success',
    title: '一致',
    text: '系统现有数据与该文件打印时的数据一致。',
  },
  changed: {
    type: 'error',
    title: '不一致（数据已变化）',
    text: '该文件打印之后，系统中的数据已经变化（如选票被删除、阈值被修改），文件上的数据不再是系统现有的数据。请查看审计日志中打印时间之后的记录。',
  },
  gone: {
    type: 'warning',
    title: '无法核对（单位或测评批次已删除）',
    text: '该文件所属的单位或测评批次已不存在，无法与现有数据核对。',
  },
  forged: {
    type: 'error',
    title: '核验记录无效',
    text: '该核验码的记录不是本系统生成的（可能被直接改动过数据库），不能据此证明文件真实。',
  },
};

/** The audit chain's head as a short line: rows and the start of the newest MAC. */
const headText = (h: ReportCheckAnswer['audit_then']) =>
  `${h.row_count} 条记录${h.last_mac ? `，末条校验值 ${h.last_mac.slice(0, 12)}…` : ''}`;

function Verdict({ answer }: { answer: ReportCheckAnswer }) {
  const v = VERDICTS[answer.status];
  const added = answer.audit_now.row_count - answer.audit_then.row_count;
  return (
    <Card data-testid="report-check-result">
      <Alert
        type={v.type}
        showIcon
        title={<span className="kp-check-verdict">{v.title}</span>}
        description={v.text}
      />
      <Descriptions
        className="kp-check-details"
        column={{ xs: 1, sm: 1, md: 2 }}
        size="small"
        bordered
        items={[
          { key: 'code', label: '核验码', children: <span className="kp-check-code">{answer.code}</span> },
          { key: 'doc', label: '文件', children: answer.document_label },
          { key: 'company', label: '单位', children: answer.company?.name ?? '（已删除）' },
          { key: 'round', label: '测评批次', children: answer.round?.name ?? '（已删除）' },
          { key: 'at', label: '打印时间', children: `${beijing(answer.printed_at)}（北京时间）` },
          { key: 'by', label: '打印账号', children: answer.printed_by ?? '（账号已删除）' },
          { key: 'then', label: '审计日志（打印时）', children: headText(answer.audit_then) },
          {
            key: 'now',
            label: '审计日志（现在）',
            children: `${headText(answer.audit_now)}${added > 0 ? `（此后新增 ${added} 条）` : ''}`,
          },
          { key: 'checked', label: '核验时间', children: `${beijing(answer.checked_at)}（北京时间）` },
        ]}
      />
    </Card>
  );
}

function CheckResult({ code }: { code: string }) {
  const query = useReportCheck(code);
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.error) {
    const code = query.error instanceof ApiError ? query.error.code : undefined;
    const known = code === 'REPORT_CODE_UNKNOWN' || code === 'REPORT_CODE_INVALID';
    return known ? (
      <Alert type="warning" showIcon title="未能核验" description={(query.error as ApiError).detail} />
    ) : (
      <LoadError title="核验失败" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  return query.data ? <Verdict answer={query.data} /> : null;
}

/**
 * 报告核验 (/admin/report-check?code=): the 核验码 printed in the footer of a report, workbook or 汇总表
 * → whether the system still holds the figures printed, when and by whom it was printed.
 */
export default function ReportCheckPage() {
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  const [typed, setTyped] = useState(code ?? '');
  const [wrong, setWrong] = useState(false);
  const submit = () => {
    const plain = normalizeSealCode(typed);
    setWrong(!plain);
    if (plain) setParams({ code: groupedSealCode(plain) });
  };
  return (
    <>
      <PageHeader title="报告核验" />
      <Card className="kp-check-form">
        <Typography.Paragraph type="secondary">
          输入测评报告、结果 Excel 或打印的汇总表页脚上的核验码，核对文件上的数据是否仍与系统现有数据一致。
        </Typography.Paragraph>
        <Space.Compact className="kp-check-input">
          <Input
            aria-label="核验码"
            placeholder="如 ABCD-EFGH-JKMN-PQRS"
            value={typed}
            maxLength={40}
            status={wrong ? 'error' : undefined}
            onChange={(e) => {
              setTyped(e.target.value);
              setWrong(false);
            }}
            onPressEnter={submit}
            allowClear
          />
          <Button type="primary" icon={<SafetyCertificateOutlined />} onClick={submit}>
            核验
          </Button>
        </Space.Compact>
        {wrong && (
          <Typography.Text type="danger" className="kp-check-wrong">
            核验码应为 16 位字母和数字（连字符可省略）
          </Typography.Text>
        )}
      </Card>
      {code ? (
        <CheckResult key={code} code={code} />
      ) : (
        <Empty description="输入核验码后点击“核验”" style={{ margin: '32px 0' }} />
      )}
    </>
  );
}
