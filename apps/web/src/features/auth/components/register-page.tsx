import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { App, Alert, Button, Form, Input, Skeleton } from 'antd';
import { errorDetail } from '@/lib/api-client';
import { setToken } from '@/lib/auth-token';
import { newPasswordRules, PASSWORD_RULE_TEXT } from '@/lib/password-rules';
import { getRegistrationStatus, register } from '../api/auth-api';
import { AuthCard } from './auth-card';

interface Values {
  username: string;
  password: string;
  confirm: string;
  registration_code?: string;
}

export function RegisterPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  const status = useQuery({ queryKey: ['registration-status'], queryFn: getRegistrationStatus });

  const submit = async (v: Values) => {
    setBusy(true);
    setError(undefined);
    try {
      const res = await register({
        username: v.username.trim(),
        password: v.password,
        registration_code: v.registration_code,
      });
      // The answer signs the new administrator in: straight to the back office.
      setToken(res.access_token);
      message.success('注册成功，已登录');
      navigate('/admin', { replace: true });
    } catch (err) {
      setError(errorDetail(err, '注册失败，请重试'));
    } finally {
      setBusy(false);
    }
  };

  const s = status.data;
  return (
    <AuthCard
      title="注册管理员"
      footer={
        <>
          已有账号？<Link to="/login">返回登录</Link>
        </>
      }
    >
      {status.isLoading && <Skeleton active />}
      {status.isError && <Alert type="error" showIcon title="无法获取注册状态，请刷新重试" />}
      {s && !s.open && (
        <Alert
          type="warning"
          showIcon
          title="注册已关闭"
          description="系统已有管理员。如需账号，请联系现有管理员。"
        />
      )}
      {s?.open && (
        <>
          {!s.has_users && (
            <Alert type="info" showIcon style={{ marginBottom: 16 }} title="您将创建系统的第一个管理员账号" />
          )}
          {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
          <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            <Form.Item
              name="username"
              label="用户名"
              rules={[
                { required: true, whitespace: true, message: '请输入用户名' },
                { min: 2, max: 32, message: '用户名为 2 到 32 个字符' },
              ]}
            >
              <Input autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item
              name="password"
              label="密码"
              extra={PASSWORD_RULE_TEXT}
              dependencies={['username']}
              rules={newPasswordRules(() => form.getFieldValue('username') as string | undefined)}
            >
              <Input.Password autoComplete="new-password" maxLength={128} />
            </Form.Item>
            <Form.Item
              name="confirm"
              label="确认密码"
              dependencies={['password']}
              rules={[
                { required: true, message: '请再次输入密码' },
                ({ getFieldValue }) => ({
                  validator: (_r, v) =>
                    !v || v === getFieldValue('password')
                      ? Promise.resolve()
                      : Promise.reject(new Error('两次输入的密码不一致')),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            {s.code_required && (
              <Form.Item
                name="registration_code"
                label="注册码"
                rules={[{ required: true, message: '请输入注册码' }]}
              >
                <Input placeholder="由系统运维人员提供" />
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" block size="large" loading={busy}>
              注册
            </Button>
          </Form>
        </>
      )}
    </AuthCard>
  );
}
