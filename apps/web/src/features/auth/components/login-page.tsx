import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { errorDetail } from '@/lib/api-client';
import { setToken } from '@/lib/auth-token';
import { login } from '../api/auth-api';
import { AuthCard } from './auth-card';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const from = (location.state as { from?: string } | null)?.from;

  const submit = async (v: { username: string; password: string }) => {
    setBusy(true);
    setError(undefined);
    try {
      const res = await login(v.username.trim(), v.password);
      setToken(res.access_token);
      navigate(from?.startsWith('/admin') ? from : '/admin', { replace: true });
    } catch (err) {
      setError(errorDetail(err, '登录失败，请重试'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="管理员登录"
      footer={
        <>
          还没有账号？<Link to="/register">注册管理员</Link>
        </>
      }
    >
      {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
      <Form layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="username"
          label="用户名"
          rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus size="large" />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          登录
        </Button>
      </Form>
    </AuthCard>
  );
}
