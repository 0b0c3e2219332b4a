import { CloudDownloadOutlined } from '@ant-design/icons';
import type { PollTargetType } from '@kaoping/contracts/poll-kinds';
import { App, Button } from 'antd';
import { useCompanyName } from '@/api/companies';
import { usePollMutations } from '@/api/company-polls';
import { serverDetail } from '@/lib/api-client';
import { templateSummary } from './template-summary';

export interface ImportTemplateButtonProps {
  /** Undefined: the button still shows and asks for a company first (spec §5). */
  companyId: number | undefined;
  kind: PollTargetType;
  label?: string;
}

/**
 * Imports the kind's template as the company's poll, once the admin confirmed what it creates; the poll
 * screens then reload it.
 */
export function ImportTemplateButton({
  companyId,
  kind,
  label = '从模板导入问卷',
}: ImportTemplateButtonProps) {
  const { message, modal } = App.useApp();
  const { copy } = usePollMutations();
  const companyName = useCompanyName(companyId);

  const importTemplate = async (id: number) => {
    try {
      await copy.mutateAsync({ company_id: id, target_type: kind });
      message.success('从模板导入问卷成功');
    } catch (err) {
      // Spec §8: the server's detail, else this fixed text (also for a network failure).
      message.error(serverDetail(err) ?? '导入问卷失败');
    }
  };

  const confirm = () => {
    if (companyId === undefined) {
      message.warning('请先选择公司');
      return;
    }
    const summary = templateSummary(kind);
    modal.confirm({
      title: '从模板导入问卷？',
      icon: <CloudDownloadOutlined />,
      content: (
        <div>
          <p style={{ marginTop: 0 }}>
            将为“{companyName ?? '所选单位'}”创建“{summary.title}”：
          </p>
          <ul style={{ paddingInlineStart: 20, margin: 0 }}>
            {summary.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p style={{ marginBottom: 0 }}>导入后可按本单位情况修改。</p>
        </div>
      ),
      okText: '导入',
      cancelText: '取消',
      onOk: () => importTemplate(companyId),
    });
  };

  return (
    <Button type="primary" icon={<CloudDownloadOutlined />} loading={copy.isPending} onClick={confirm}>
      {label}
    </Button>
  );
}
