import { Button, Card, Empty, Space } from 'antd';
import { ImportTemplateButton } from '@/components/import-template-button';

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
          <ImportTemplateButton companyId={companyId} kind="newly_promoted" />
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
