import { App, Form, Input, Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { meKey } from '@/api/me';
import { errorDetail } from '@/lib/api-client';
import { readClaims, setToken } from '@/lib/auth-token';
import { newPasswordRules, PASSWORD_RULE_TEXT } from '@/lib/password-rules';
import { changePassword } from '../api/auth-api';

interface Values {
  current_password: string;
  new_password: string;
  confirm: string;
}

/**
 * 修改密码: the admin's own password. `forced` (after a reset or for a new account) cannot be closed: the
 * server refuses everything else until the password is changed.
 */
export function ChangePasswordDialog({
  open,
  forced,
  onClose,
}: {
  open: boolean;
  forced?: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();

  const save = async (v: Values) => {
    try {
      const res = await changePassword({
        current_password: v.current_password,
        new_password: v.new_password,
      });
      setToken(res.access_token);
      message.success('密码已修改');
      form.resetFields();
      await client.invalidateQueries({ queryKey: meKey });
      // Screens refused before the change load now.
      await client.invalidateQueries();
      onClose();
    } catch (err) {
      message.error(errorDetail(err, '修改失败'));
    }
  };

  return (
    <Modal
      title="修改密码"
      open={open}
      okText="保存"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={forced ? undefined : onClose}
      closable={!forced}
      mask={{ closable: !forced }}
      keyboard={!forced}
      cancelButtonProps={forced ? { style: { display: 'none' } } : undefined}
      forceRender
    >
      {forced && (
        <Typography.Paragraph type="warning">
          首次登录、密码被重置或密码不符合安全要求时，请先设置新密码。
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" onFinish={save}>
        <Form.Item
          name="current_password"
          label="当前密码"
          rules={[{ required: true, message: '请输入当前密码' }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="new_password"
          label="新密码"
          extra={PASSWORD_RULE_TEXT}
          rules={newPasswordRules(() => readClaims()?.username)}
        >
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['new_password']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                !v || v === getFieldValue('new_password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
