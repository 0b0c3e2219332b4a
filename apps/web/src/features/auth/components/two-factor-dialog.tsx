import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { TotpSetupResponse } from '@kaoping/contracts/totp';
import { Alert, App, Button, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { meKey, useMe } from '@/api/me';
import { errorDetail } from '@/lib/api-client';
import { clearToken } from '@/lib/auth-token';
import { disableTotp, enableTotp, setUpTotp } from '../api/totp-api';
import './two-factor.css';

type Stage = 'intro' | 'scan' | 'codes';

/** A base32 secret in groups of four, for reading it off the screen into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * 双因素认证 (issue 27): one's own second factor. Not yet on: a new secret as a QR code (and as text), the
 * app's code turns it on, then the ten recovery codes are shown this once. On: turned off with a code.
 * `forced` (REQUIRE_2FA, none yet) cannot be closed until it is on: the server refuses everything else.
 */
export function TwoFactorDialog({
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
  const navigate = useNavigate();
  const me = useMe();
  const [stage, setStage] = useState<Stage>('intro');
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [codeForm] = Form.useForm<{ code: string }>();
  const [offForm] = Form.useForm<{ code: string }>();
  const enabled = !!me.data?.totp_enabled;

  const reset = () => {
    setStage('intro');
    setSetup(null);
    setCodes([]);
    setError(undefined);
    codeForm.resetFields();
    offForm.resetFields();
  };

  const close = async () => {
    const done = stage === 'codes';
    reset();
    // Only now: the codes stay on screen until the admin says they are saved.
    if (done) await client.invalidateQueries();
    onClose();
  };

  const run = async (step: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await step();
    } catch (err) {
      setError(errorDetail(err, fallback));
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    run(async () => {
      setSetup(await setUpTotp());
      setStage('scan');
    }, '生成密钥失败，请重试');

  const enable = ({ code }: { code: string }) =>
    run(async () => {
      const res = await enableTotp(code.trim());
      setCodes(res.recovery_codes);
      setStage('codes');
    }, '启用失败，请重试');

  const disable = ({ code }: { code: string }) =>
    run(async () => {
      await disableTotp(code.trim());
      message.success('已停用双因素认证');
      offForm.resetFields();
      await client.invalidateQueries({ queryKey: meKey });
      onClose();
    }, '停用失败，请重试');

  const copyCodes = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      message.success('恢复码已复制');
    } catch {
      message.error('无法复制，请手动抄写或下载');
    }
  };

  const downloadCodes = () => {
    const text = `考评 · ${me.data?.username ?? ''} 的双因素恢复码（每个只能用一次）\n\n${codes.join('\n')}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `考评-恢复码-${me.data?.username ?? ''}.txt`;
    a.click();
    URL.revokeObjectURL(url);
  };

  const signOut = () => {
    clearToken();
    navigate('/login', { replace: true });
  };

  const locked = forced || stage === 'codes';
  const footer =
    stage === 'codes' ? (
      <Button type="primary" onClick={() => void close()}>
        我已保存恢复码
      </Button>
    ) : forced ? (
      <Button onClick={signOut}>退出登录</Button>
    ) : (
      <Button onClick={() => void close()}>关闭</Button>
    );

  return (
    <Modal
      title="双因素认证"
      open={open || stage === 'codes'}
      onCancel={locked ? undefined : () => void close()}
      closable={!locked}
      mask={{ closable: !locked }}
      keyboard={!locked}
      footer={footer}
      width={520}
      className="kp-totp"
    >
      {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} />}
      {stage === 'codes' ? (
        <>
          <Alert type="success" showIcon title="双因素认证已启用" style={{ marginBottom: 12 }} />
          <Typography.Paragraph>
            请把下面 10 个<strong>恢复码</strong>保存在安全的地方（打印或抄写）。手机不在身边时，可在登录时用
            一个恢复码代替动态验证码；每个只能使用一次。<strong>关闭后不再显示。</strong>
          </Typography.Paragraph>
          <ol className="kp-totp-codes" aria-label="恢复码">
            {codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ol>
          <Space wrap>
            <Button onClick={() => void copyCodes()}>复制全部</Button>
            <Button onClick={downloadCodes}>下载为文本文件</Button>
          </Space>
        </>
      ) : enabled ? (
        <>
          <Typography.Paragraph>
            状态：<Tag color="success">已启用</Tag>
            登录时除密码外还须输入手机验证器上的动态验证码。
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            更换手机：先在此停用，再重新绑定。手机丢失且恢复码用完时，请联系系统管理员在“账号管理”中重置。
          </Typography.Paragraph>
          <Form form={offForm} layout="vertical" onFinish={disable} requiredMark={false}>
            <Form.Item
              name="code"
              label="停用须输入当前动态验证码或一个恢复码"
              rules={[{ required: true, whitespace: true, message: '请输入动态验证码或恢复码' }]}
            >
              <Input autoComplete="one-time-code" maxLength={32} />
            </Form.Item>
            <Button danger htmlType="submit" loading={busy}>
              停用双因素认证
            </Button>
          </Form>
        </>
      ) : stage === 'scan' && setup ? (
        <>
          <ol className="kp-totp-steps">
            <li>
              <Typography.Text strong>用验证器扫描二维码</Typography.Text>
              <div className="kp-totp-qr">
                <QRCodeSVG value={setup.otpauth_url} size={176} marginSize={2} title="双因素认证二维码" />
              </div>
            </li>
            <li>
              <Typography.Text strong>无法扫描时，在验证器中手动输入密钥</Typography.Text>
              <div>
                <Typography.Text code copyable={{ text: setup.secret }} data-testid="totp-secret">
                  {grouped(setup.secret)}
                </Typography.Text>
              </div>
              <Typography.Text type="secondary">账号：{me.data?.username}，类型：基于时间</Typography.Text>
            </li>
            <li>
              <Form form={codeForm} layout="vertical" onFinish={enable} requiredMark={false}>
                <Form.Item
                  name="code"
                  label="输入验证器上显示的 6 位数字"
                  rules={[
                    { required: true, message: '请输入验证码' },
                    { pattern: /^\s*\d{6}\s*$/, message: '验证码是 6 位数字' },
                  ]}
                >
                  <Input
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    maxLength={8}
                    placeholder="6 位数字"
                    style={{ maxWidth: 200 }}
                  />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={busy}>
                  验证并启用
                </Button>
              </Form>
            </li>
          </ol>
        </>
      ) : (
        <>
          {forced && (
            <Alert
              type="warning"
              showIcon
              title="系统要求所有账号启用双因素认证，请先完成绑定"
              style={{ marginBottom: 12 }}
            />
          )}
          <Typography.Paragraph>
            状态：<Tag>未启用</Tag>
          </Typography.Paragraph>
          <Typography.Paragraph>
            启用后，登录时除密码外还须输入手机验证器上每 30 秒更新的 6 位动态验证码，密码泄露也无法登录。
            可使用任一支持 TOTP 的验证器，如 Google Authenticator、Microsoft Authenticator
            或微信小程序“腾讯身份验证器”。
          </Typography.Paragraph>
          <Button type="primary" onClick={() => void start()} loading={busy}>
            开始绑定
          </Button>
        </>
      )}
    </Modal>
  );
}
