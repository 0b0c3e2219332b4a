import { useState } from 'react';
import { Link } from 'react-router';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Company } from '@kaoping/contracts/company';
import { App, Button, Empty, Grid, Input, Popconfirm, Result, Space } from 'antd';
import { useCompanies } from '@/api/companies';
import { useAdvancedMode } from '@/components/advanced-mode';
import { AdminTable } from '@/components/admin-table';
import { useRole } from '@/api/me';
import { PageHeader } from '@/components/page-header';
import { errorDetail } from '@/lib/api-client';
import { useCompanyMutations } from '../api/mutate-company';
import { CompanyFormModal } from './company-form-modal';

const PAGE_SIZE = 20;

/** Company management (the /admin landing page): search, create, rename, delete. */
export default function CompaniesPage() {
  const { message } = App.useApp();
  const ensureAdvancedMode = useAdvancedMode();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [modal, setModal] = useState<{ open: boolean; editing?: Company }>({ open: false });
  const { data, isFetching, isError, refetch } = useCompanies({
    q,
    skip: (page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  });
  const { create, rename, remove } = useCompanyMutations();
  // Adding and deleting units is a system admin's; a unit admin renames its own units.
  const system = useRole() === 'system_admin';
  // Phones: icon buttons keep the pinned actions column narrow, so the names stay readable.
  const narrow = !(Grid.useBreakpoint().sm ?? true);

  const save = async (name: string) => {
    try {
      if (modal.editing) {
        await rename.mutateAsync({ id: modal.editing.id, name });
        message.success('单位已重命名');
      } else {
        await create.mutateAsync(name);
        message.success('单位已创建');
      }
      setModal({ open: false });
    } catch (err) {
      message.error(errorDetail(err, '保存失败，请重试'));
    }
  };

  const del = async (c: Company) => {
    if (!(await ensureAdvancedMode())) return;
    try {
      await remove.mutateAsync(c.id);
      message.success(`已删除“${c.name}”`);
    } catch (err) {
      message.error(errorDetail(err, '删除失败，请重试'));
    }
  };

  if (isError && !data) {
    return (
      <Result
        status="error"
        title="单位列表加载失败"
        subTitle="请检查网络后重试。"
        extra={<Button onClick={() => refetch()}>重试</Button>}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="单位管理"
        extra={
          system && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true })}>
              新建单位
            </Button>
          )
        }
      >
        <Input.Search
          placeholder="按单位名称搜索"
          allowClear
          enterButton="搜索"
          style={{ maxWidth: 400 }}
          aria-label="按单位名称搜索"
          onSearch={(v) => {
            setQ(v.trim());
            setPage(1);
          }}
        />
      </PageHeader>
      <AdminTable<Company>
        rowKey="id"
        loading={isFetching}
        dataSource={data?.items}
        locale={{
          emptyText: (
            <Empty description={q ? `没有名称包含“${q}”的单位` : '还没有单位，点击右上角“新建单位”开始'} />
          ),
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (t) => `共 ${t} 个单位`,
          onChange: setPage,
        }}
        columns={[
          {
            title: narrow ? '#' : '序号',
            width: narrow ? 40 : 70,
            render: (_v, _r, i) => (page - 1) * PAGE_SIZE + i + 1,
          },
          {
            title: '单位名称',
            dataIndex: 'name',
            render: (name: string, c) => <Link to={`/admin/vote-types?company=${c.id}`}>{name}</Link>,
          },
          {
            title: '创建时间',
            dataIndex: 'created_at',
            width: 180,
            responsive: ['md'],
            render: (v: string) => new Date(v).toLocaleString('zh-CN', { hour12: false }),
          },
          {
            title: '操作',
            key: 'actions',
            width: narrow ? 92 : 200,
            render: (_v, c) => (
              <Space>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={narrow ? '重命名' : undefined}
                  onClick={() => setModal({ open: true, editing: c })}
                >
                  {narrow ? null : '重命名'}
                </Button>
                {system && (
                  <Popconfirm
                    title={`确定删除“${c.name}”吗？`}
                    description="该单位的问卷、测评对象和全部投票数据将一并删除，且不可恢复。"
                    okText="删除"
                    okButtonProps={{ danger: true }}
                    cancelText="取消"
                    onConfirm={() => del(c)}
                  >
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={narrow ? '删除' : undefined}
                    >
                      {narrow ? null : '删除'}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <CompanyFormModal
        open={modal.open}
        editing={modal.editing}
        saving={create.isPending || rename.isPending}
        onSubmit={save}
        onCancel={() => setModal({ open: false })}
      />
    </>
  );
}
