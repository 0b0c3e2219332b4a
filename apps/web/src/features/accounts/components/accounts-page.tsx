import { useState } from 'react';
import { KeyOutlined, PlusOutlined, SafetyOutlined, UnlockOutlined } from '@ant-design/icons';
import { ROLE_LABELS } from '@kaoping/contracts/auth';
import { type Account, LOCK_KIND_LABELS } from '@kaoping/contracts/accounts';
import { App, Button, Form, Grid, Input, Modal, Popconfirm, Space, Tag } from 'antd';
import { useAllCompanies } from '@/api/companies';
import { useMe } from '@/api/me';
import { AdminTable } from '@/components/admin-table';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { errorDetail } from '@/lib/api-client';
import { newPasswordRules, PASSWORD_RULE_TEXT } from '@/lib/password-rules';
import {
  useAccounts,
  useResetPassword,
  useResetTotp,
  useUnlockAccount,
  useUpdateAccount,
} from '../api/accounts';
import { AccountFormModal } from './account-form-modal';

/** 账号管理 (/admin/accounts, system admins): roles, units, disable/enable, password resets. */
export default function AccountsPage() {
  const { message } = App.useApp();
  const accounts = useAccounts();
  const me = useMe();
  // On a phone the pinned buttons wrap in a narrow column, leaving the name and the state in view.
  const wide = Grid.useBreakpoint().md ?? true;
  const names = new Map((useAllCompanies().data?.items ?? []).map((c) => [c.id, c.name]));
  const update = useUpdateAccount();
  const resetTotp = useResetTotp();
  const unlock = useUnlockAccount();
  const [editing, setEditing] = useState<{ open: boolean; account: Account | null }>({
    open: false,
    account: null,
  });
  const [resetting, setResetting] = useState<Account | null>(null);

  const toggle = async (a: Account) => {
    try {
      await update.mutateAsync({ id: a.id, disabled: !a.disabled });
      message.success(a.disabled ? '已启用' : '已停用');
    } catch (err) {
      message.error(errorDetail(err, '操作失败'));
    }
  };

  const resetSecondFactor = async (a: Account) => {
    try {
      await resetTotp.mutateAsync(a.id);
      message.success(`已重置“${a.username}”的双因素认证`);
    } catch (err) {
      message.error(errorDetail(err, '重置失败'));
    }
  };

  const lift = async (a: Account) => {
    try {
      await unlock.mutateAsync(a.id);
      message.success(`已解除“${a.username}”的锁定`);
    } catch (err) {
      message.error(errorDetail(err, '解除锁定失败'));
    }
  };

  const units = (a: Account) =>
    a.all_units ? '全部单位' : a.unit_ids.map((id) => names.get(id) ?? `#${id}`).join('、') || '—';

  return (
    <>
      <PageHeader
        title="账号管理"
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ open: true, account: null })}
          >
            新建账号
          </Button>
        }
      />
      {accounts.isError && (
        <LoadError title="获取账号列表失败" error={accounts.error} onRetry={() => void accounts.refetch()} />
      )}
      <AdminTable<Account>
        rowKey="id"
        loading={accounts.isLoading}
        dataSource={accounts.data ?? []}
        pagination={false}
        columns={[
          { title: '用户名', dataIndex: 'username' },
          {
            title: '角色',
            key: 'role',
            render: (_, a) => (a.role ? ROLE_LABELS[a.role] : <Tag color="warning">未分配角色</Tag>),
          },
          { title: '单位', key: 'units', render: (_, a) => units(a), responsive: ['md'] },
          {
            title: '状态',
            key: 'state',
            render: (_, a) => (
              <Space size={4} wrap>
                {a.disabled ? <Tag color="default">已停用</Tag> : <Tag color="success">正常</Tag>}
                {a.must_change_password && <Tag color="processing">待修改密码</Tag>}
                {a.locks.map((l) => (
                  <Tag key={l.kind} color="error">
                    已锁定{l.kind === 'login' ? '' : `（${LOCK_KIND_LABELS[l.kind]}）`} 至 {lockTime(l.until)}
                  </Tag>
                ))}
              </Space>
            ),
          },
          {
            title: '双因素',
            key: 'totp',
            render: (_, a) =>
              a.totp_enabled ? <Tag color="success">已启用</Tag> : <Tag color="default">未启用</Tag>,
          },
          {
            title: '操作',
            key: 'actions',
            width: wide ? undefined : 132,
            render: (_, a) =>
              a.id === me.data?.id ? (
                <span style={{ color: '#999' }}>当前账号</span>
              ) : (
                <Space size={0} wrap>
                  <Button type="link" size="small" onClick={() => setEditing({ open: true, account: a })}>
                    修改
                  </Button>
                  <Popconfirm
                    title={a.disabled ? `启用账号“${a.username}”？` : `停用账号“${a.username}”？`}
                    description={a.disabled ? undefined : '停用后该账号立即退出登录，不能再登录。'}
                    okText={a.disabled ? '启用' : '停用'}
                    cancelText="取消"
                    onConfirm={() => toggle(a)}
                  >
                    <Button type="link" size="small" danger={!a.disabled}>
                      {a.disabled ? '启用' : '停用'}
                    </Button>
                  </Popconfirm>
                  <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setResetting(a)}>
                    重置密码
                  </Button>
                  {a.locks.length > 0 && (
                    <Popconfirm
                      title={`解除“${a.username}”的锁定？`}
                      description="该账号因密码连续错误 5 次被锁定。请先确认是本人操作，解除后可立即重试。"
                      okText="解除锁定"
                      cancelText="取消"
                      onConfirm={() => lift(a)}
                    >
                      <Button type="link" size="small" icon={<UnlockOutlined />}>
                        解除锁定
                      </Button>
                    </Popconfirm>
                  )}
                  {a.totp_enabled && (
                    <Popconfirm
                      title={`重置“${a.username}”的双因素认证？`}
                      description="用于手机丢失且恢复码用完时。重置后该账号登录不再需要动态验证码，可重新绑定验证器。"
                      okText="重置"
                      cancelText="取消"
                      onConfirm={() => resetSecondFactor(a)}
                    >
                      <Button type="link" size="small" icon={<SafetyOutlined />}>
                        重置双因素
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
          },
        ]}
      />
      <AccountFormModal
        open={editing.open}
        editing={editing.account}
        onClose={() => setEditing({ open: false, account: null })}
      />
      <ResetPasswordModal account={resetting} onClose={() => setResetting(null)} />
    </>
  );
}

/** A lock's end as the tag says it: the time, with the date when it is not today. */
function lockTime(iso: string) {
  const d = new Date(iso);
  const time = d.toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return d.toDateString() === new Date().toDateString()
    ? time
    : `${d.getMonth() + 1}月${d.getDate()}日 ${time}`;
}

function ResetPasswordModal({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const { message } = App.useApp();
  const reset = useResetPassword();
  const [form] = Form.useForm<{ password: string }>();
  const save = async ({ password }: { password: string }) => {
    try {
      await reset.mutateAsync({ id: account!.id, password });
      message.success('密码已重置，该用户下次登录时须修改密码');
      form.resetFields();
      onClose();
    } catch (err) {
      message.error(errorDetail(err, '重置失败'));
    }
  };
  return (
    <Modal
      title={`重置密码：${account?.username ?? ''}`}
      open={!!account}
      okText="重置"
      cancelText="取消"
      confirmLoading={reset.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={save}>
        <Form.Item
          name="password"
          label="新密码"
          extra={PASSWORD_RULE_TEXT}
          rules={newPasswordRules(() => account?.username)}
        >
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
