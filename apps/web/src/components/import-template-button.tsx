import { CloudDownloadOutlined } from '@ant-design/icons';
import type { PollTargetType } from '@kaoping/contracts/poll-kinds';
import { App, Button } from 'antd';
import { usePollMutations } from '@/api/company-polls';
import { serverDetail } from '@/lib/api-client';

export interface ImportTemplateButtonProps {
  /** Undefined: the button still shows and asks for a company first (spec §5). */
  companyId: number | undefined;
  kind: PollTargetType;
  label?: string;
}

/** Imports the kind's template as the company's poll; the poll screens then reload it. */
export function ImportTemplateButton({
  companyId,
  kind,
  label = '从模板导入问卷',
}: ImportTemplateButtonProps) {
  const { message } = App.useApp();
  const { copy } = usePollMutations();

  const importTemplate = async () => {
    if (companyId === undefined) {
      message.warning('请先选择公司');
      return;
    }
    try {
      await copy.mutateAsync({ company_id: companyId, target_type: kind });
      message.success('从模板导入问卷成功');
    } catch (err) {
      // Spec §8: the server's detail, else this fixed text (also for a network failure).
      message.error(serverDetail(err) ?? '导入问卷失败');
    }
  };

  return (
    <Button type="primary" icon={<CloudDownloadOutlined />} loading={copy.isPending} onClick={importTemplate}>
      {label}
    </Button>
  );
}
