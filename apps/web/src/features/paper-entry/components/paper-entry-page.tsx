import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Result, Skeleton, Tag, Typography } from 'antd';
import { ApiError } from '@/lib/api-client';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { useCompanyParam } from '@/lib/use-company-param';
import { usePaperForm, useRefreshPaper } from '../api/paper-sheets';
import { buildRows } from '../lib/entry-rows';
import type { PaperForm } from '@kaoping/contracts/paper-ballots';
import {
  RECOMMENDATION_FORM_CATEGORY,
  RECOMMENDATION_MODE_LABELS,
} from '@kaoping/contracts/recommendation-rules';
import { postCells } from '../lib/recommendation-keys';
import { isTalk } from '../lib/sheet-key';
import { useSessionCount } from '../lib/use-session-count';
import { questionnaireCells } from './conflict-view';
import { EntryPanel, type EntryMode, type StoredLine } from './entry-panel';
import { PaperCountsBar } from './paper-counts-bar';
import { RecommendationPanel } from './recommendation-panel';
import { SheetsList } from './sheets-list';
import './paper-entry.css';

/**
 * 纸质票录入 (/admin/vote-types/{id}/paper?company=): keying the paper sheets of one vote type; for a
 * 谈话调研推荐 vote type, its talk records (录入谈话记录).
 */
export default function PaperEntryPage() {
  const navigate = useNavigate();
  const { voteTypeId = '' } = useParams();
  const [companyId] = useCompanyParam();
  const id = Number(voteTypeId);
  const valid = Number.isInteger(id) && id > 0;
  const form = usePaperForm(valid ? id : 0);
  const back = () => navigate(`/admin/vote-types${companyId ? `?company=${companyId}` : ''}`);
  const header = (
    <PageHeader
      title={form.data && isTalk(form.data) ? '录入谈话记录' : '纸质票录入'}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={back}>
          返回投票类型
        </Button>
      }
    />
  );
  let body;
  if (!valid) body = <Alert type="warning" showIcon title="请从投票类型页面的“纸质票录入”按钮进入" />;
  else if (form.isLoading) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (form.isError || !form.data) {
    body =
      form.error instanceof ApiError && form.error.status === 404 ? (
        <Result status="404" title="未找到该投票类型" subTitle="它可能已被删除，或不属于您管理的单位。" />
      ) : (
        <LoadError title="获取选票内容失败" error={form.error} onRetry={() => void form.refetch()} />
      );
  } else body = <PaperEntry form={form.data} />;
  return (
    <>
      {header}
      {body}
    </>
  );
}

function PaperEntry({ form }: { form: PaperForm }) {
  const navigate = useNavigate();
  const recommendation = form.form_category === RECOMMENDATION_FORM_CATEGORY;
  const talk = isTalk(form);
  const rows = useMemo(() => buildRows(form), [form]);
  const describe = useMemo(
    () =>
      recommendation
        ? (entries: readonly unknown[]) => postCells(form.posts, entries)
        : questionnaireCells(rows),
    [recommendation, form.posts, rows],
  );
  const [mode, setMode] = useState<EntryMode>({ kind: 'new' });
  const [done, setDone] = useState<StoredLine>();
  const [entered, addEntered] = useSessionCount(form.vote_type_id);
  const refresh = useRefreshPaper(form.vote_type_id);
  const panel = {
    form,
    mode,
    done,
    onDone: setDone,
    onModeDone: () => setMode({ kind: 'new' }),
    onStored: (_sheet: unknown, isNew: boolean) => {
      if (isNew) addEntered();
      refresh();
    },
  };
  const stateText = { open: '', not_started: '投票尚未开始', closed: '投票已结束', inactive: '该投票已停用' };
  return (
    <>
      <div className="kp-pe-title">
        <Typography.Text strong style={{ fontSize: 16 }}>
          {form.company.name} · {form.name}
        </Typography.Text>
        <span>
          {recommendation && form.recommendation_mode && (
            <Tag color="blue">{RECOMMENDATION_MODE_LABELS[form.recommendation_mode]}</Tag>
          )}
          {!talk && <Tag>{form.access_mode === 'codes' ? '测评码' : '公开链接'}</Tag>}
          {form.double_entry && <Tag color="purple">双人录入核对</Tag>}
          {form.test_mode && <Tag color="orange">试投票</Tag>}
        </span>
      </div>
      <PaperCountsBar
        counts={form.counts}
        entered={entered}
        numbered={form.access_mode === 'link' && !talk}
        talk={talk}
      />
      {!form.ready && (
        <Alert
          type="warning"
          showIcon
          className="kp-pe-notice"
          title={
            form.round_archived
              ? '本轮测评已归档，不能录入'
              : form.count_stage === 'counted'
                ? '已完成计票，不能再录入'
                : stateText[form.state] || '暂不能录入'
          }
          description={form.notice ?? undefined}
        />
      )}
      {form.ready && form.count_stage === 'counting' && (
        <Alert
          type="info"
          showIcon
          className="kp-pe-notice"
          data-testid="counting-notice"
          title={
            talk
              ? '谈话调研推荐已结束：谈话记录仍可录入'
              : '投票已结束：手机端已停止投票，纸质票仍可录入和核对'
          }
          description={
            talk
              ? '全部谈话记录录入后，请在投票类型管理中点击“完成计票”；完成计票后不能再录入。'
              : '全部纸质票录入并核对后，请在投票类型管理中点击“完成计票”；完成计票后未录入的纸质票作废。'
          }
        />
      )}
      {form.double_entry && form.ready && (
        <Alert
          type="info"
          showIcon
          className="kp-pe-notice"
          title="已开启双人录入核对：每张纸质票需由两位管理员用各自的账号各录入一次，两次一致才计票"
          description="同一账号再次登录不算第二人；两次录入不一致时，由未参与录入的第三个账号核对确定。"
        />
      )}
      {talk && form.ready && (
        <Alert
          type="info"
          showIcon
          className="kp-pe-notice"
          data-testid="talk-notice"
          title="谈话调研推荐：每次谈话录入一条记录，单人录入，保存即计入结果"
          description="按谈话顺序编写谈话序号（1、2、3…）录入；记录不含谈话对象的姓名。某职位推荐人数超过最多推荐人数（或少于最少推荐人数）的，该职位记为无效。"
        />
      )}
      {form.ready && form.access_mode === 'link' && !talk && form.counts.printed === 0 && (
        <Alert
          type="warning"
          showIcon
          className="kp-pe-notice"
          data-testid="not-printed-notice"
          title={form.test_mode ? '试投票尚未打印带编号的纸质选票' : '尚未打印带编号的纸质选票'}
          description="公开链接方式的纸质票按打印时印在右上角的编号录入，只接受打印过的编号。请先在投票类型管理中“打印纸质选票”。"
        />
      )}
      {recommendation ? (
        form.posts.length === 0 ? (
          <Card size="small" className="kp-pe-card">
            <Empty description="该投票类型暂无可录入的推荐职位（请先在“推荐职位”中添加职位和参考人选）">
              <Button onClick={() => navigate(`/admin/recommendation-posts?company=${form.company.id}`)}>
                去添加推荐职位
              </Button>
            </Empty>
          </Card>
        ) : (
          <RecommendationPanel
            key={mode.kind === 'new' ? 'new' : `${mode.kind}:${mode.key}`}
            posts={form.posts}
            {...panel}
          />
        )
      ) : rows.length === 0 ? (
        <Empty description="该投票类型暂无可录入的测评内容（请先设置问卷和测评对象）" />
      ) : (
        <EntryPanel key={mode.kind === 'new' ? 'new' : `${mode.kind}:${mode.key}`} rows={rows} {...panel} />
      )}
      <SheetsList
        form={form}
        describe={describe}
        onCorrect={(key, label) => setMode({ kind: 'correct', key, label })}
        onSettle={(key, label) => setMode({ kind: 'settle', key, label })}
      />
    </>
  );
}
