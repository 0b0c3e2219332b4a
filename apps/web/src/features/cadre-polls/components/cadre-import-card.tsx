import { Card, Empty } from 'antd';
import { ImportTemplateButton } from '@/components/import-template-button';

/**
 * No cadre questionnaire to edit: the import-from-template button. Without a company it still shows,
 * and says '请先选择公司' when pressed (spec §5).
 */
export function CadreImportCard({ companyId }: { companyId: number | undefined }) {
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
        <ImportTemplateButton companyId={companyId} kind="cadre" />
      </Empty>
    </Card>
  );
}
