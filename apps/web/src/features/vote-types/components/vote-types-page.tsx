import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import type { FormCategory, VoteType } from '@kaoping/contracts/vote-type';
import { Alert, Button, Result } from 'antd';
import { useCompanyName } from '@/api/companies';
import { useVoteTypes } from '@/api/vote-types';
import { CompanySelect, NO_COMPANY_WARNING } from '@/components/company-select';
import { PageHeader } from '@/components/page-header';
import { errorDetail } from '@/lib/api-client';
import { useCompanyParam } from '@/lib/use-company-param';
import { familyWeights } from '../lib/weights';
import type { VoteTypeFormValues } from '../lib/vote-type-form';
import { FamilySection } from './family-section';
import { QrCodeModal } from './qr-code-modal';
import { publicUrl } from './vote-type-columns';
import { VoteTypeFormModal } from './vote-type-form-modal';
import { useVoteTypeActions } from './use-vote-type-actions';

/** Vote type management: the voter groups of a company, each with its link and QR code. */
export default function VoteTypesPage() {
  const [companyId, setCompanyId] = useCompanyParam();
  return (
    <>
      <PageHeader title="投票类型管理">
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

function CompanyVoteTypes({ companyId }: { companyId: number }) {
  const { data, error, isLoading, isError, refetch } = useVoteTypes(companyId);
  const companyName = useCompanyName(companyId);
  const actions = useVoteTypeActions(companyId);
  const [dialog, setDialog] = useState<{ open: boolean; editing?: VoteType; category: FormCategory }>({
    open: false,
    category: 'democratic_appraisal',
  });
  const [qrFor, setQrFor] = useState<VoteType>();

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
      <QrCodeModal
        voteType={qrFor}
        companyName={companyName}
        url={qrFor ? publicUrl(qrFor) : ''}
        onClose={() => setQrFor(undefined)}
      />
    </>
  );
}
