import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { ApiError, errorDetail } from '@/lib/api-client';
import { setToken, takeLoginNotice } from '@/lib/auth-token';
import { login } from '../api/auth-api';
import { AuthCard } from './auth-card';

interface Credentials {
  username: string;
  password: string;
}

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Why the last session ended, when the server said (会话已超时，请重新登录).
  const [notice] = useState(takeLoginNotice);
  // Set once the server said the account has a second factor (OTP_REQUIRED): the form then asks for it.
  const [second, setSecond] = useState<Credentials | null>(null);
  const from = (location.state as { from?: string } | null)?.from;

  const signIn = async ({ username, password }: Credentials, otp?: string) => {
    setBusy(true);
    setError(undefined);
    try {
      const res = await login(username, password, otp);
      setToken(res.access_token);
      navigate(from?.startsWith('/admin') ? from : '/admin', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'OTP_REQUIRED') {
        setSecond({ username, password });
      } else {
        setError(errorDetail(err, '登录失败，请重试'));
      }
    } finally {
      setBusy(false);
    }
  };

  const back = () => {
    setSecond(null);
    setError(undefined);
  };

  return (
    <AuthCard
      title={second ? '双因素验证' : '管理员登录'}
      footer={
        <>
          还没有账号？<Link to="/register">注册管理员</Link>
        </>
      }
    >
      {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
      {!error && notice && <Alert type="warning" title={notice} showIcon style={{ marginBottom: 16 }} />}
      {second ? (
        <Form
          key="otp"
          layout="vertical"
          onFinish={(v: { otp: string }) => signIn(second, v.otp.trim())}
          requiredMark={false}
        >
          <Typography.Paragraph>
            账号“{second.username}”已启用双因素认证。请打开手机上的验证器，输入当前显示的 6 位数字。
          </Typography.Paragraph>
          <Form.Item
            name="otp"
            label="动态验证码"
            extra="手机不在身边时，可输入一个未用过的恢复码"
            rules={[{ required: true, whitespace: true, message: '请输入动态验证码' }]}
          >
            <Input
              prefix={<SafetyOutlined />}
              autoComplete="one-time-code"
              autoFocus
              size="large"
              maxLength={32}
              placeholder="6 位数字"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            验证并登录
          </Button>
          <Button type="link" block onClick={back} style={{ marginTop: 8 }}>
            返回，重新输入用户名和密码
          </Button>
        </Form>
      ) : (
        <Form
          key="password"
          layout="vertical"
          onFinish={(v: Credentials) => signIn({ username: v.username.trim(), password: v.password })}
          requiredMark={false}
        >
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
      )}
    </AuthCard>
  );
}
