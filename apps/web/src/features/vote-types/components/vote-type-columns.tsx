import {
  CheckCircleOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  FormOutlined,
  KeyOutlined,
  PrinterOutlined,
  QrcodeOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { RECOMMENDATION_MODE_LABELS } from '@kaoping/contracts/recommendation-rules';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { Button, Popconfirm, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import './vote-types.css';
import dayjs from 'dayjs';
import { StatusSwitch } from '@/components/status-switch';
import { AccessModeTag, CountStageSteps, TestModeTag, VoteTypeStatusTag } from '@/components/vote-type-tags';

export interface VoteTypeColumnActions {
  onToggle: (row: VoteType, isActive: boolean) => void;
  onEdit: (row: VoteType) => void;
  onDelete: (row: VoteType) => void;
  onCopy: (url: string) => void;
  onQr: (row: VoteType) => void;
  onCodes: (row: VoteType) => void;
  onPaperPrint: (row: VoteType) => void;
  onPaperEntry: (row: VoteType) => void;
  onClose: (row: VoteType) => void;
  onFinish: (row: VoteType) => void;
  onReopen: (row: VoteType) => void;
  onGoFormal: (row: VoteType) => void;
}

/** 谈话调研推荐: no link, QR code, poster or codes; the interviewer keys each talk (issue 30). */
const talk = (row: VoteType) => row.recommendation_mode === 'talk';

const fmt = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');
const NO_ADDRESS = '请先在系统设置中配置公网访问地址';

function StatusCell({ v }: { v: VoteType }) {
  return (
    <Space orientation="vertical" size={2}>
      <span>
        <VoteTypeStatusTag voteType={v} />
        <TestModeTag voteType={v} />
      </span>
      <CountStageSteps voteType={v} />
      {(v.opens_at || v.closes_at) && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {fmt(v.opens_at) || '不限'} 至 {fmt(v.closes_at) || '不限'}
        </Typography.Text>
      )}
    </Space>
  );
}

/** The voting address from the configured public address; without one, nothing a phone could not open. */
function LinkCell({ row, a }: { row: VoteType; a: VoteTypeColumnActions }) {
  const url = row.public_url;
  // 谈话调研推荐 has no public link: the interviewer keys each talk through 录入谈话记录.
  if (talk(row)) {
    return <Typography.Text type="secondary">不开放扫码，逐份录入谈话记录</Typography.Text>;
  }
  return (
    <Space size={4} wrap>
      {url ? (
        <Typography.Link href={url} target="_blank" ellipsis style={{ maxWidth: 120 }}>
          {url}
        </Typography.Link>
      ) : (
        <Tooltip title="未配置公网访问地址：此链接只在本机可用">
          <Typography.Link href={row.public_path} target="_blank" type="warning">
            本机预览
          </Typography.Link>
        </Tooltip>
      )}
      <Tooltip title={url ? '复制链接' : NO_ADDRESS}>
        <Button
          size="small"
          icon={<CopyOutlined />}
          aria-label={`复制链接：${row.name}`}
          disabled={!url}
          onClick={() => url && a.onCopy(url)}
        />
      </Tooltip>
      <Tooltip title={url ? '二维码' : NO_ADDRESS}>
        <Button
          size="small"
          icon={<QrcodeOutlined />}
          aria-label={`二维码：${row.name}`}
          disabled={!url}
          onClick={() => a.onQr(row)}
        />
      </Tooltip>
    </Space>
  );
}

/** Two short rows: the everyday actions, then the ones that end or change a vote. */
function Actions({ row, a }: { row: VoteType; a: VoteTypeColumnActions }) {
  return (
    <div className="kp-vt-actions">
      <Button size="small" type="link" icon={<EditOutlined />} onClick={() => a.onEdit(row)}>
        编辑
      </Button>
      {/* 谈话调研推荐 has no codes: its records are keyed by 谈话序号 in 录入谈话记录. */}
      {!talk(row) && (
        <Button size="small" type="link" icon={<KeyOutlined />} onClick={() => a.onCodes(row)}>
          测评码
        </Button>
      )}
      {/* 谈话调研推荐 prints numbered forms to note the talks on and keys one 谈话记录 per talk. */}
      <Button
        size="small"
        type="link"
        icon={<PrinterOutlined />}
        aria-label={`${talk(row) ? '打印谈话记录表' : '打印纸质选票'}：${row.name}`}
        onClick={() => a.onPaperPrint(row)}
      >
        {talk(row) ? '打印记录表' : '打印纸质票'}
      </Button>
      <Button
        size="small"
        type="link"
        icon={<FormOutlined />}
        aria-label={`${talk(row) ? '录入谈话记录' : '纸质票录入'}：${row.name}`}
        onClick={() => a.onPaperEntry(row)}
      >
        {talk(row) ? '录入谈话记录' : '录入纸质票'}
      </Button>
      {row.count_stage === 'voting' && (
        <Button size="small" type="link" danger icon={<StopOutlined />} onClick={() => a.onClose(row)}>
          结束投票
        </Button>
      )}
      {row.count_stage === 'counting' && (
        <Button
          size="small"
          type="link"
          icon={<CheckCircleOutlined />}
          aria-label={`完成计票：${row.name}`}
          onClick={() => a.onFinish(row)}
        >
          完成计票
        </Button>
      )}
      {row.count_stage !== 'voting' && (
        <Button size="small" type="link" onClick={() => a.onReopen(row)}>
          {row.count_stage === 'counted' ? '撤销完成计票' : '重新开放'}
        </Button>
      )}
      {row.test_mode && (
        <Button size="small" type="link" onClick={() => a.onGoFormal(row)}>
          转为正式投票
        </Button>
      )}
      <Popconfirm
        title={`确定删除“${row.name}”吗？`}
        description="其封面、封底和测评码将一并删除；已有投票的需先进入高级模式，投票记录也会删除。"
        okText="删除"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        onConfirm={() => a.onDelete(row)}
      >
        <Button size="small" type="link" danger icon={<DeleteOutlined />}>
          删除
        </Button>
      </Popconfirm>
    </div>
  );
}

export function voteTypeColumns(a: VoteTypeColumnActions): TableColumnsType<VoteType> {
  return [
    {
      title: '名称',
      dataIndex: 'name',
      render: (v: string, row) => (
        <>
          <Typography.Text strong>{v}</Typography.Text>
          {row.recommendation_mode && (
            <Tag color={row.recommendation_mode === 'talk' ? 'gold' : 'geekblue'} style={{ marginLeft: 6 }}>
              {RECOMMENDATION_MODE_LABELS[row.recommendation_mode]}
            </Tag>
          )}
        </>
      ),
    },
    {
      title: '投票方式',
      dataIndex: 'access_mode',
      width: 90,
      render: (_v, row) =>
        talk(row) ? (
          <Tooltip title="谈话调研推荐不设投票链接和测评码，谈话记录逐份录入">
            <Tag color="gold">谈话录入</Tag>
          </Tooltip>
        ) : (
          <AccessModeTag voteType={row} />
        ),
    },
    {
      title: '权重',
      dataIndex: 'weight',
      width: 64,
      // 民主推荐 adds its groups' votes (合计), it never weighs them.
      render: (w: number, row) => (row.form_category === 'democratic_recommendation' ? '—' : `${w}%`),
    },
    { title: '状态', key: 'status', width: 170, render: (_v, row) => <StatusCell v={row} /> },
    { title: '应到人数', dataIndex: 'expected_voters', width: 84, render: (n: number | null) => n ?? '-' },
    {
      title: '公开结果',
      dataIndex: 'results_public',
      width: 84,
      render: (p: boolean) => (p ? '公开' : '不公开'),
    },
    {
      title: '启用',
      dataIndex: 'is_active',
      width: 84,
      render: (on: boolean, row) => (
        <StatusSwitch checked={on} label={row.name} onChange={(v) => a.onToggle(row, v)} />
      ),
    },
    { title: '投票链接', key: 'link', width: 200, render: (_v, row) => <LinkCell row={row} a={a} /> },
    { title: '操作', key: 'actions', width: 200, render: (_v, row) => <Actions row={row} a={a} /> },
  ];
}
