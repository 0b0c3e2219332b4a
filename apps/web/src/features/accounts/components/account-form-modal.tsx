import { useEffect } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '@kaoping/contracts/auth';
import type { Account } from '@kaoping/contracts/accounts';
import { App, Form, Input, Radio, Select, Switch } from 'antd';
import { useAllCompanies } from '@/api/companies';
import { FormModal } from '@/components/form-modal';
import { errorDetail } from '@/lib/api-client';
import { newPasswordRules, PASSWORD_RULE_TEXT } from '@/lib/password-rules';
import { useCreateAccount, useUpdateAccount } from '../api/accounts';

interface Values {
  username: string;
  password: string;
  role: Role;
  all_units: boolean;
  unit_ids: number[];
}

const ROLE_HELP: Record<Role, string> = {
  system_admin: '管理全部单位和账号',
  unit_admin: '只管理所选单位',
  auditor: '只能查看所选单位（或全部单位）的结果、记录和审计日志',
};

/** 新建账号 / 修改账号: role and units; a new account also gets a first password it must change. */
export function AccountFormModal({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: Account | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const companies = useAllCompanies();
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const role = Form.useWatch('role', form);
  const allUnits = Form.useWatch('all_units', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) {
      form.setFieldsValue({
        role: editing.role ?? 'unit_admin',
        all_units: editing.all_units,
        unit_ids: editing.unit_ids,
      });
    }
  }, [open, editing, form]);

  const save = async (v: Values) => {
    const units = { all_units: v.role === 'auditor' && v.all_units, unit_ids: v.unit_ids ?? [] };
    try {
      if (editing) await update.mutateAsync({ id: editing.id, role: v.role, ...units });
      else await create.mutateAsync({ username: v.username, password: v.password, role: v.role, ...units });
      message.success(editing ? '修改成功' : '添加成功');
      onClose();
    } catch (err) {
      message.error(errorDetail(err, '保存失败'));
    }
  };

  return (
    <FormModal
      title={editing ? `修改账号：${editing.username}` : '新建账号'}
      open={open}
      saving={create.isPending || update.isPending}
      form={form}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{ role: 'unit_admin', all_units: false, unit_ids: [] }}
      >
        {!editing && (
          <>
            <Form.Item name="username" label="用户名" rules={[{ required: true, message: '请输入用户名' }]}>
              <Input autoComplete="off" maxLength={32} />
            </Form.Item>
            <Form.Item
              name="password"
              label="初始密码"
              extra={`${PASSWORD_RULE_TEXT}；该用户首次登录后须修改密码`}
              dependencies={['username']}
              rules={newPasswordRules(() => form.getFieldValue('username') as string | undefined)}
            >
              <Input.Password autoComplete="new-password" maxLength={128} />
            </Form.Item>
          </>
        )}
        <Form.Item name="role" label="角色" extra={role ? ROLE_HELP[role] : undefined}>
          <Radio.Group
            optionType="button"
            options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          />
        </Form.Item>
        {role === 'auditor' && (
          <Form.Item name="all_units" label="查看全部单位" valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
        {role !== 'system_admin' && !(role === 'auditor' && allUnits) && (
          <Form.Item
            name="unit_ids"
            label="所属单位"
            rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个单位' }]}
          >
            <Select
              mode="multiple"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="请选择单位"
              loading={companies.isLoading}
              options={(companies.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}
