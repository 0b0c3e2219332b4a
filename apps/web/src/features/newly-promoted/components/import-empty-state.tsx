import { CloudDownloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Space } from 'antd';
import { usePollMutations } from '@/api/company-polls';
import { serverDetail } from '@/lib/api-client';

export interface ImportEmptyStateProps {
  companyId: number | undefined;
  /** Given when the load failed: offers to load again. */
  onRetry?: () => void;
  retrying?: boolean;
}

/**
 * The company has no newly promoted questionnaire yet: import the template. Without a company it still
 * shows, and says '请先选择公司' when pressed (spec §5).
 */
export function ImportEmptyState({ companyId, onRetry, retrying }: ImportEmptyStateProps) {
  const { message } = App.useApp();
  const { copy } = usePollMutations();

  const importTemplate = async () => {
    if (companyId === undefined) {
      message.warning('请先选择公司');
      return;
    }
    try {
      await copy.mutateAsync({ company_id: companyId, target_type: 'newly_promoted' });
      message.success('从模板导入问卷成功');
    } catch (err) {
      message.error(serverDetail(err) ?? '导入问卷失败');
    }
  };

  return (
    <Card className="kp-np-admin-empty">
      <Empty
        description={
          companyId === undefined ? (
            '选择单位后，可在此设置该单位的新提拔任用干部民主评议表和评议对象'
          ) : (
            <>
              <div className="kp-np-admin-empty-title">该单位暂无新提拔任用干部评议问卷</div>
              <div>可从“新提拔任用干部民主评议表”模板导入，再修改标题、提问和页脚说明。</div>
            </>
          )
        }
      >
        <Space>
          <Button
            type="primary"
            icon={<CloudDownloadOutlined />}
            loading={copy.isPending}
            onClick={importTemplate}
          >
            从模板导入问卷
          </Button>
          {onRetry && (
            <Button loading={retrying} onClick={onRetry}>
              重新加载
            </Button>
          )}
        </Space>
      </Empty>
    </Card>
  );
}
