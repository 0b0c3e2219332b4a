import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
  ReloadOutlined,
} from '@ant-design/icons';
import {
  clockLevel,
  PREFLIGHT_LEVEL_LABELS,
  worstLevel,
  type PreflightLevel,
  type PreflightLine,
} from '@kaoping/contracts/preflight';
import { Alert, Button, Card, Skeleton, Tag, Typography } from 'antd';
import { CompanySelect, NO_COMPANY_WARNING } from '@/components/company-select';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { useCompanyParam } from '@/lib/use-company-param';
import { usePreflight, type PreflightResult } from '../api/preflight';
import './preflight.css';

const ICONS: Record<PreflightLevel, React.ReactNode> = {
  ok: <CheckCircleFilled />,
  warn: <ExclamationCircleFilled />,
  fail: <CloseCircleFilled />,
  info: <InfoCircleFilled />,
};
const TAG_COLORS: Record<PreflightLevel, string> = {
  ok: 'success',
  warn: 'warning',
  fail: 'error',
  info: 'default',
};

type Shown = Pick<PreflightLine, 'level' | 'title' | 'detail' | 'action'> & { key: string };

function LineItem({ line }: { line: Shown }) {
  return (
    <li className={`kp-preflight-line kp-preflight-${line.level}`} data-testid={`preflight-${line.key}`}>
      <span className="kp-preflight-icon" aria-hidden>
        {ICONS[line.level]}
      </span>
      <div className="kp-preflight-body">
        <div className="kp-preflight-head">
          <span className="kp-preflight-title">{line.title}</span>
          <Tag color={TAG_COLORS[line.level]}>{PREFLIGHT_LEVEL_LABELS[line.level]}</Tag>
        </div>
        <Typography.Text className="kp-preflight-detail">{line.detail}</Typography.Text>
        {line.action && (
          <Typography.Text type="secondary" className="kp-preflight-action">
            处理：{line.action}
          </Typography.Text>
        )}
      </div>
    </li>
  );
}

function Lines({ lines }: { lines: Shown[] }) {
  return (
    <ul className="kp-preflight-lines">
      {lines.map((l) => (
        <LineItem key={l.key} line={l} />
      ))}
    </ul>
  );
}

/** The clock line: this browser's clock against the server's, measured on the request itself. */
function clockLine(skewMs: number): Shown {
  const level = clockLevel(skewMs);
  const s = Math.round(Math.abs(skewMs) / 1000);
  const which = skewMs > 0 ? '快' : '慢';
  return {
    key: 'clock',
    level,
    title: '时钟',
    detail: s < 1 ? '本机时钟与服务器一致（相差不到 1 秒）' : `本机时钟比服务器${which} ${s} 秒`,
    action: level === 'ok' ? '' : '校准本机或服务器的时间（开启自动对时）：投票的开始、截止以服务器时钟为准',
  };
}

const SUMMARY: Record<
  PreflightLevel,
  { type: 'success' | 'warning' | 'error'; text: (n: number) => string }
> = {
  ok: { type: 'success', text: () => '检查通过，可以开会' },
  info: { type: 'success', text: () => '检查通过，可以开会' },
  warn: { type: 'warning', text: (n) => `有 ${n} 项需要注意` },
  fail: { type: 'error', text: (n) => `有 ${n} 项需要处理，请在开会前解决` },
};

function Report({ result, checkedAt }: { result: PreflightResult; checkedAt: number }) {
  const { report, skewMs } = result;
  const server: Shown[] = [...report.server.map((l) => ({ ...l, key: l.check })), clockLine(skewMs)];
  const unit: Shown[] = report.unit.map((l) => ({ ...l, key: l.check }));
  const all = [...server, ...unit, ...report.vote_types.flatMap((v) => v.lines)];
  const level = worstLevel(all.map((l) => l.level));
  const count = all.filter((l) => l.level === level).length;
  const time = new Date(checkedAt).toLocaleTimeString('zh-CN', { hour12: false });
  return (
    <>
      <Alert
        className="kp-preflight-summary"
        type={SUMMARY[level].type}
        showIcon
        title={SUMMARY[level].text(count)}
        description={`检查于 ${time}（服务器时区 ${report.time_zone}）。红色为必须处理，黄色为建议处理。`}
      />
      <Card className="kp-preflight-card" title="服务器与网络" size="small">
        <Lines lines={server} />
      </Card>
      {unit.length > 0 && (
        <Card className="kp-preflight-card" title="本单位" size="small">
          <Lines lines={unit} />
        </Card>
      )}
      {report.vote_types.map((v) => {
        const worst = worstLevel(v.lines.map((l) => l.level));
        return (
          <Card
            key={v.id}
            className="kp-preflight-card"
            size="small"
            title={v.name}
            extra={<Tag color={TAG_COLORS[worst]}>{PREFLIGHT_LEVEL_LABELS[worst]}</Tag>}
            data-testid={`preflight-vote-type-${v.id}`}
          >
            <Lines lines={v.lines.map((l) => ({ ...l, key: `${v.id}-${l.check}` }))} />
          </Card>
        );
      })}
    </>
  );
}

/** 会前检查 (/admin/preflight): is everything ready for the unit's meeting, line by line, with what to do. */
export default function PreflightPage() {
  const [companyId, setCompanyId] = useCompanyParam();
  const query = usePreflight(companyId);
  return (
    <>
      <PageHeader
        title="会前检查"
        extra={
          <Button
            icon={<ReloadOutlined />}
            disabled={companyId === undefined}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            重新检查
          </Button>
        }
      >
        <CompanySelect value={companyId} onChange={setCompanyId} />
      </PageHeader>
      {companyId === undefined && <Alert type="warning" showIcon title={NO_COMPANY_WARNING} />}
      {companyId !== undefined && query.isLoading && (
        <Card title="正在检查…" size="small">
          <Skeleton active paragraph={{ rows: 4 }} title={false} />
        </Card>
      )}
      {companyId !== undefined && query.isError && (
        <LoadError title="会前检查失败" error={query.error} onRetry={() => void query.refetch()} />
      )}
      {companyId !== undefined && query.data && !query.isError && (
        <Report result={query.data} checkedAt={query.dataUpdatedAt} />
      )}
    </>
  );
}
