import { useEffect } from 'react';
import { GlobalOutlined } from '@ant-design/icons';
import type { SettingsView } from '@kaoping/contracts/settings';
import { Alert, App, Button, Card, Form, Input, Popconfirm, Skeleton, Space, Typography } from 'antd';
import { useSettings } from '@/api/settings';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { errorDetail } from '@/lib/api-client';
import { useSaveSettings } from '../api/save-settings';
import { checkPublicUrl } from '../lib/check-public-url';
import { SnapshotCard } from './snapshot-card';

/** 系统设置 (/admin/settings): the public address every voting link, QR code, slip and poster uses. */
export default function SettingsPage() {
  const query = useSettings();
  return (
    <>
      <PageHeader title="系统设置" />
      <Card
        title={
          <span>
            <GlobalOutlined /> 公网访问地址
          </span>
        }
        style={{ maxWidth: 760 }}
      >
        <Typography.Paragraph type="secondary">
          投票链接、二维码、测评码纸条和海报都用这个地址生成。请填写投票人的手机能打开的地址，例如
          https://kp.example.cn 或 http://10.0.0.5:8080；不要填写 localhost 或 127.0.0.1。
        </Typography.Paragraph>
        {query.isLoading && <Skeleton active paragraph={{ rows: 2 }} title={false} />}
        {query.isError && !query.data && (
          <LoadError title="获取系统设置失败" error={query.error} onRetry={() => void query.refetch()} />
        )}
        {query.data && <PublicUrlForm settings={query.data} />}
      </Card>
      <SnapshotCard />
    </>
  );
}

const SOURCE_TEXT: Record<SettingsView['public_url_source'], string> = {
  settings: '当前地址在本页设置。',
  env: '当前地址来自服务器的环境变量 PUBLIC_URL；在本页保存的地址优先。',
  none: '',
};

function PublicUrlForm({ settings }: { settings: SettingsView }) {
  const { message } = App.useApp();
  const save = useSaveSettings();
  const [form] = Form.useForm<{ public_url: string }>();
  const typed = Form.useWatch('public_url', form) ?? '';
  const check = typed.trim() ? checkPublicUrl(typed) : null;

  const shown = settings.public_url;
  useEffect(() => {
    form.setFieldsValue({ public_url: settings.public_url ?? '' });
  }, [settings.public_url, form]);

  const submit = async ({ public_url }: { public_url: string }) => {
    const c = checkPublicUrl(public_url);
    if (!c.ok) return;
    try {
      await save.mutateAsync({ public_url: c.value });
      message.success('公网访问地址已保存');
    } catch (err) {
      message.error(errorDetail(err, '保存失败，请重试'));
    }
  };

  const clear = async () => {
    try {
      const saved = await save.mutateAsync({ public_url: null });
      message.success(saved.public_url ? '已清除，改用环境变量中的地址' : '已清除公网访问地址');
    } catch (err) {
      message.error(errorDetail(err, '清除失败，请重试'));
    }
  };

  return (
    <>
      {shown ? (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <span>
              当前地址：
              <Typography.Link href={shown} target="_blank" rel="noopener noreferrer">
                {shown}
              </Typography.Link>
            </span>
          }
          description={SOURCE_TEXT[settings.public_url_source]}
        />
      ) : (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="尚未配置公网访问地址"
          description="配置之前，投票类型页面不能复制投票链接或显示二维码，也不能下载测评码纸条和海报。"
        />
      )}
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="public_url"
          label="公网访问地址"
          validateStatus={check && !check.ok ? 'error' : check?.ok && check.warning ? 'warning' : undefined}
          help={check && !check.ok ? check.error : check?.ok ? check.warning : undefined}
          rules={[{ required: true, whitespace: true, message: '请输入公网访问地址' }]}
        >
          <Input placeholder="https://kp.example.cn" autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!!check && !check.ok}>
            保存
          </Button>
          {settings.public_url_source === 'settings' && (
            <Popconfirm
              title="清除本页设置的地址？"
              description="清除后将使用服务器环境变量 PUBLIC_URL 中的地址（如有）。"
              okText="清除"
              cancelText="取消"
              onConfirm={clear}
            >
              <Button disabled={save.isPending}>清除</Button>
            </Popconfirm>
          )}
        </Space>
      </Form>
    </>
  );
}
