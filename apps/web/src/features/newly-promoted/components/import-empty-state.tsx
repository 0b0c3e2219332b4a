import { App, Button, Empty, Space } from 'antd';
import { errorDetail } from '@/lib/api-client';
import { useNewlyPromotedMutations } from '../api/newly-promoted-poll';

export interface ImportEmptyStateProps {
  companyId: number | undefined;
  /** Given when the load failed: offers to load again. */
  onRetry?: () => void;
  retrying?: boolean;
}

/** The company has no newly promoted questionnaire yet: import the template. */
export function ImportEmptyState({ companyId, onRetry, retrying }: ImportEmptyStateProps) {
  const { message } = App.useApp();
  const { copy } = useNewlyPromotedMutations();

  const importTemplate = async () => {
    if (!companyId) {
      message.warning('请先选择公司');
      return;
    }
    try {
      await copy.mutateAsync(companyId);
      message.success('从模板导入问卷成功');
    } catch (err) {
      message.error(errorDetail(err, '导入问卷失败'));
    }
  };

  return (
    <Empty description="该单位暂无新提拔任用干部评议问卷" style={{ padding: '48px 0' }}>
      <Space>
        <Button type="primary" loading={copy.isPending} onClick={importTemplate}>
          从模板导入问卷
        </Button>
        {onRetry && (
          <Button loading={retrying} onClick={onRetry}>
            重新加载
          </Button>
        )}
      </Space>
    </Empty>
  );
}
