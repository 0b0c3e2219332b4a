import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DesktopOutlined, PlusOutlined } from '@ant-design/icons';
import type { FormCategory, VoteType } from '@kaoping/contracts/vote-type';
import { Alert, Button, Result } from 'antd';
import { useCompanyName } from '@/api/companies';
import { useSettings } from '@/api/settings';
import { useVoteTypes } from '@/api/vote-types';
import { CompanySelect, NO_COMPANY_WARNING } from '@/components/company-select';
import { PageHeader } from '@/components/page-header';
import { PaperPrintDialog } from '@/components/paper-print-dialog';
import { errorDetail } from '@/lib/api-client';
import { useCompanyParam } from '@/lib/use-company-param';
import { familyWeights } from '../lib/weights';
import type { VoteTypeFormValues } from '../lib/vote-type-form';
import { FamilySection } from './family-section';
import { QrCodeModal } from './qr-code-modal';
import { VoteTypeFormModal } from './vote-type-form-modal';
import { useVoteTypeActions } from './use-vote-type-actions';

/** Vote type management: the voter groups of a company, each with its link and QR code. */
export default function VoteTypesPage() {
  const [companyId, setCompanyId] = useCompanyParam();
  return (
    <>
      <PageHeader
        title="投票类型管理"
        currentRoundOf={companyId}
        extra={
          companyId !== undefined && (
            <Button icon={<DesktopOutlined />} href={`/admin/meeting/${companyId}`} target="_blank">
              会场大屏
            </Button>
          )
        }
      >
        <CompanySelect value={companyId} onChange={setCompanyId} />
      </PageHeader>
      {companyId === undefined ? (
        <Alert type="warning" showIcon title={NO_COMPANY_WARNING} />
      ) : (
        <CompanyVoteTypes key={companyId} companyId={companyId} />
      )}
    </>
  );
}

/**
 * Links, QR codes, slips and posters need an address voters' phones can open; the admin's own browser
 * address (often localhost) is never used for them.
 */
function PublicAddressWarning({ rows }: { rows: VoteType[] }) {
  const navigate = useNavigate();
  const settings = useSettings();
  const missing = settings.data ? !settings.data.public_url : rows.some((r) => r.public_url === null);
  if (!missing) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      title="尚未配置公网访问地址"
      description="投票链接、二维码、测评码纸条和海报都需要投票人手机能打开的地址。配置之前不能复制链接、显示二维码或下载纸条。"
      action={
        <Button size="small" type="primary" onClick={() => navigate('/admin/settings')}>
          去设置
        </Button>
      }
    />
  );
}

function CompanyVoteTypes({ companyId }: { companyId: number }) {
  const navigate = useNavigate();
  const { data, error, isLoading, isError, refetch } = useVoteTypes(companyId);
  const companyName = useCompanyName(companyId);
  const actions = useVoteTypeActions(companyId);
  const [dialog, setDialog] = useState<{ open: boolean; editing?: VoteType; category: FormCategory }>({
    open: false,
    category: 'democratic_appraisal',
  });
  const [qrFor, setQrFor] = useState<VoteType>();
  const [printFor, setPrintFor] = useState<VoteType>();

  if (isError && !data) {
    return (
      <Result
        status="error"
        title="获取投票类型失败"
        subTitle={errorDetail(error, '请检查网络后重试。')}
        extra={<Button onClick={() => refetch()}>重试</Button>}
      />
    );
  }

  const rows = data ?? [];
  const submit = async (values: VoteTypeFormValues) => {
    if (await actions.save(values, dialog.editing)) setDialog((d) => ({ ...d, open: false }));
  };
  const add = (category: FormCategory) => setDialog({ open: true, category });

  return (
    <>
      <PublicAddressWarning rows={rows} />
      {!rows.some((r) => r.test_mode) && (
        <Alert
          type="info"
          showIcon
          closable
          style={{ marginBottom: 12 }}
          title="正式投票前，建议先试投票演练一遍"
          description="在投票类型中开启“试投票”，把扫码、答题、提交走一遍：试投票的选票单独标记、不计入结果，演练后点“转为正式投票”即可清除。正式投票建议使用测评码：公开链接依靠投票人的浏览器识别身份，换浏览器即可重复投票。"
        />
      )}
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => add('democratic_appraisal')}>
          新增投票类型
        </Button>
      </div>
      {familyWeights(rows).map((w) => (
        <FamilySection
          key={w.category}
          weights={w}
          rows={rows.filter((r) => r.form_category === w.category)}
          loading={isLoading}
          onAdd={add}
          onToggle={actions.toggle}
          onEdit={(row) => setDialog({ open: true, editing: row, category: row.form_category })}
          onDelete={actions.remove}
          onCopy={actions.copyLink}
          onQr={setQrFor}
          onCodes={(row) => navigate(`/admin/vote-types/${row.id}/codes?company=${companyId}`)}
          onPaperPrint={setPrintFor}
          onPaperEntry={(row) => navigate(`/admin/vote-types/${row.id}/paper?company=${companyId}`)}
          onClose={(row) => void actions.close(row)}
          onFinish={(row) => void actions.finish(row)}
          onReopen={actions.reopen}
          onGoFormal={actions.formal}
        />
      ))}
      <VoteTypeFormModal
        open={dialog.open}
        editing={dialog.editing}
        category={dialog.category}
        saving={actions.saving}
        onSubmit={submit}
        onCancel={() => setDialog((d) => ({ ...d, open: false }))}
      />
      <QrCodeModal voteType={qrFor} companyName={companyName} onClose={() => setQrFor(undefined)} />
      <PaperPrintDialog
        voteType={printFor}
        companyName={companyName}
        onClose={() => setPrintFor(undefined)}
        onPrinted={actions.refresh}
      />
    </>
  );
}
