import { CloudDownloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty } from 'antd';
import { usePollMutations } from '@/api/company-polls';
import { serverDetail } from '@/lib/api-client';

/**
 * No cadre questionnaire to edit: the import-from-template button. Without a company it still shows,
 * and says '请先选择公司' when pressed (spec §5).
 */
export function CadreImportCard({ companyId }: { companyId: number | undefined }) {
  const { message } = App.useApp();
  const { copy } = usePollMutations();

  const importTemplate = async () => {
    if (companyId === undefined) {
      message.warning('请先选择公司');
      return;
    }
    try {
      await copy.mutateAsync({ company_id: companyId, target_type: 'cadre' });
      message.success('从模板导入问卷成功');
    } catch (err) {
      message.error(serverDetail(err) ?? '导入问卷失败');
    }
  };

  return (
    <Card className="kp-cadre-empty">
      <Empty
        description={
          companyId === undefined ? (
            '选择单位后，可在此编辑该单位的选人用人工作问卷'
          ) : (
            <>
              <div className="kp-cadre-empty-title">该公司暂无选人用人工作问卷</div>
              <div>可从“选人用人工作民主评议表”模板导入，再按本单位情况修改。</div>
            </>
          )
        }
      >
        <Button
          type="primary"
          icon={<CloudDownloadOutlined />}
          loading={copy.isPending}
          onClick={importTemplate}
        >
          从模板导入问卷
        </Button>
      </Empty>
    </Card>
  );
}
