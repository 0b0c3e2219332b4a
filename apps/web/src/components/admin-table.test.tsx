import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminTable } from './admin-table';

const rows = [{ id: 1, name: '华北电力', note: '备注' }];
type Row = (typeof rows)[number];
const header = (name: string) => screen.getByRole('columnheader', { name });

describe('AdminTable', () => {
  it('pins the actions column on the right and scrolls the rest sideways, with a hint to show', () => {
    const { container } = render(
      <AdminTable<Row>
        rowKey="id"
        dataSource={rows}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '备注', dataIndex: 'note' },
          { title: '操作', key: 'actions', render: () => <button type="button">删除</button> },
        ]}
      />,
    );
    expect(header('操作').className).toMatch(/ant-table-cell-fix-(end|right)/);
    expect(header('名称').className).not.toMatch(/ant-table-cell-fix/);
    expect(container.querySelector('.ant-table-content, .ant-table-body')).toHaveStyle({ overflowX: 'auto' });
    // Shown by CSS only while columns are out of view (jsdom lays nothing out).
    expect(screen.getByText('左右滑动可查看更多列')).toBeInTheDocument();
  });

  it('leaves the actions unpinned where the table keeps its own key column in view', () => {
    render(
      <AdminTable<Row>
        rowKey="id"
        dataSource={rows}
        columns={[
          { title: '名称', dataIndex: 'name', fixed: 'left' },
          { title: '操作', key: 'actions', render: () => '明细' },
        ]}
      />,
    );
    expect(header('名称').className).toMatch(/ant-table-cell-fix-(start|left)/);
    expect(header('操作').className).not.toMatch(/ant-table-cell-fix/);
  });
});
