import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import type { TokenResponse } from '@kaoping/contracts/auth';
import { Alert, Form, Input, Modal } from 'antd';
import { adminRequest, errorDetail } from '@/lib/api-client';
import { isElevated, setToken } from '@/lib/auth-token';

type Ensure = () => Promise<boolean>;
const AdvancedModeContext = createContext<Ensure>(async () => false);

/**
 * `useAdvancedMode()()` resolves true once the admin is in advanced mode (15 minutes), asking for the
 * password first when needed; false if the admin cancels. Destructive actions call it first.
 */
export function useAdvancedMode(): Ensure {
  return useContext(AdvancedModeContext);
}

export function AdvancedModeProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ password: string }>();
  const pending = useRef<((ok: boolean) => void) | null>(null);

  const ensure = useCallback<Ensure>(() => {
    if (isElevated()) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      pending.current = resolve;
      setError(undefined);
      form.resetFields();
      setOpen(true);
    });
  }, [form]);

  const finish = (ok: boolean) => {
    setOpen(false);
    pending.current?.(ok);
    pending.current = null;
  };

  const submit = async () => {
    const { password } = await form.validateFields();
    setBusy(true);
    try {
      const res = await adminRequest<TokenResponse>('/admin/auth/verify-advanced-mode', {
        method: 'POST',
        body: { password },
      });
      setToken(res.access_token);
      finish(true);
    } catch (err) {
      setError(errorDetail(err, '验证失败，请重试'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AdvancedModeContext.Provider value={ensure}>
      {children}
      <Modal
        title="进入高级模式"
        open={open}
        okText="验证"
        cancelText="取消"
        confirmLoading={busy}
        onOk={submit}
        onCancel={() => finish(false)}
        destroyOnHidden
      >
        <p>删除等不可恢复的操作需要再次验证管理员密码，验证后 15 分钟内有效。</p>
        {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 12 }} />}
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="password" label="管理员密码" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password autoFocus autoComplete="current-password" />
          </Form.Item>
        </Form>
      </Modal>
    </AdvancedModeContext.Provider>
  );
}
