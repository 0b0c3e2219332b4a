import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { VoteTarget } from '@kaoping/contracts/vote-target';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppraisalTargetsList } from '@/features/vote-targets/components/appraisal-targets-list';
import { mockFetch, renderAdmin } from './render';
import { keyboardDrag, stubRowLayout } from './roster-test-utils';

const target = (companyId: number, id: number, name: string, over: Partial<VoteTarget> = {}): VoteTarget => ({
  id,
  company_id: companyId,
  name,
  type: 'person',
  title: '副总经理',
  is_active: true,
  sort_order: id * 10,
  created_at: '2025-01-01T00:00:00Z',
  ...over,
});

// Each test uses its own company id: the admin providers share one query cache.
const api = (companyId: number, list: VoteTarget[], extra: Parameters<typeof mockFetch>[0] = {}) =>
  mockFetch({
    'GET /api/v1/admin/vote-targets/': ({ url }) => {
      expect(url.searchParams.get('company_id')).toBe(String(companyId));
      return { body: list };
    },
    ...extra,
  });

const row = (name: string) => screen.getByText(name).closest('tr')!;
// Role queries over the whole antd tree are slow in jsdom: find the dialog by its title instead.
const dialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('[role="dialog"]')!;
const okButton = (d: HTMLElement) =>
  d.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')!;

afterEach(() => vi.restoreAllMocks());

describe('appraisal targets list', () => {
  it('shows type and status tags, and deletes only after the exact phrase', async () => {
    const calls = api(
      11,
      [target(11, 1, '某某公司', { type: 'company', title: '' }), target(11, 2, '张三')],
      {
        'DELETE /api/v1/admin/vote-targets/2': () => ({ status: 204 }),
      },
    );
    renderAdmin(<AppraisalTargetsList companyId={11} />);
    await screen.findByText('张三');
    expect(within(row('某某公司')).getByText('领导班子')).toBeInTheDocument();
    expect(within(row('某某公司')).getByText('-')).toBeInTheDocument();
    expect(within(row('张三')).getByText('个人')).toBeInTheDocument();

    fireEvent.click(within(row('张三')).getByText(/删\s*除/));
    const d = await dialog('删除测评对象');
    fireEvent.change(within(d).getByLabelText('确认删除短语'), { target: { value: '确认' } });
    fireEvent.click(okButton(d));
    expect(await screen.findByText('请输入“确认删除”')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.change(within(d).getByLabelText('确认删除短语'), { target: { value: '确认删除' } });
    fireEvent.click(okButton(d));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.url.searchParams.get('company_id')).toBe('11');
  });

  it('switches a target off and another on, sending is_active both ways', async () => {
    const calls = api(12, [target(12, 1, '张三'), target(12, 2, '李四', { is_active: false })], {
      'PUT /api/v1/admin/vote-targets/1': ({ body }) => ({
        body: { ...target(12, 1, '张三'), ...(body as object) },
      }),
      'PUT /api/v1/admin/vote-targets/2': ({ body }) => ({
        body: { ...target(12, 2, '李四'), ...(body as object) },
      }),
    });
    renderAdmin(<AppraisalTargetsList companyId={12} />);
    await screen.findByText('李四');
    expect(within(row('张三')).getByText('启用', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(within(row('李四')).getByText('停用', { selector: '.ant-tag' })).toBeInTheDocument();

    fireEvent.click(within(row('张三')).getByRole('switch'));
    fireEvent.click(within(row('李四')).getByRole('switch'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.find((c) => c.url.pathname.endsWith('/1'))!.body).toEqual({
      is_active: false,
      company_id: 12,
    });
    expect(puts.find((c) => c.url.pathname.endsWith('/2'))!.body).toEqual({
      is_active: true,
      company_id: 12,
    });
  });

  it('requires a name, then adds a person at 10 × (count + 1), active by default', async () => {
    const calls = api(13, [target(13, 1, '张三'), target(13, 2, '李四')], {
      'POST /api/v1/admin/vote-targets/': ({ body }) => ({
        status: 201,
        body: { ...target(13, 3, '王五'), ...(body as object) },
      }),
    });
    renderAdmin(<AppraisalTargetsList companyId={13} />);
    await screen.findByText('李四');
    fireEvent.click(screen.getByText('添加测评对象', { selector: 'button span' }));
    const d = await dialog('添加测评对象');
    fireEvent.click(okButton(d));
    expect(await within(d).findByText('请输入姓名')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(d).getByLabelText('姓名'), { target: { value: ' 王五 ' } });
    fireEvent.change(within(d).getByLabelText('职务'), { target: { value: '总会计师' } });
    fireEvent.click(okButton(d));
    expect(await screen.findByText('添加成功')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      company_id: 13,
      name: '王五',
      type: 'person',
      title: '总会计师',
      is_active: true,
      sort_order: 30,
    });
  });

  it('fixes the type on edit and sends no type', async () => {
    const calls = api(14, [target(14, 1, '某某公司', { type: 'company' })], {
      'PUT /api/v1/admin/vote-targets/1': ({ body }) => ({
        body: { ...target(14, 1, '某某公司'), ...(body as object) },
      }),
    });
    renderAdmin(<AppraisalTargetsList companyId={14} />);
    await screen.findByText('某某公司');
    fireEvent.click(within(row('某某公司')).getByText(/编\s*辑/));
    const d = await dialog('编辑测评对象');
    expect(within(d).getByRole('radio', { name: '领导班子' })).toBeDisabled();
    // The name's label follows the watched type, one render after the dialog opens.
    fireEvent.change(await within(d).findByLabelText('班子名称'), { target: { value: '某某公司班子' } });
    fireEvent.click(okButton(d));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      company_id: 14,
      name: '某某公司班子',
      title: '副总经理',
      is_active: true,
    });
  });

  it('after a drag sends 10 × (index + 1) for every row; a failure reloads the list', async () => {
    stubRowLayout();
    let fail = false;
    const list = [target(15, 1, '张三'), target(15, 2, '李四'), target(15, 3, '王五')];
    const calls = api(15, list, {
      'PUT /api/v1/admin/vote-targets/reorder': ({ body }) => {
        if (fail) return { status: 422, body: { detail: '排序列表中有重复的 ID' } };
        const { items } = body as { items: { id: number; sort_order: number }[] };
        return {
          body: items.map((i) => ({ ...list.find((t) => t.id === i.id)!, sort_order: i.sort_order })),
        };
      },
    });
    renderAdmin(<AppraisalTargetsList companyId={15} />);
    await screen.findByText('王五');
    await keyboardDrag(screen.getByLabelText('拖动排序：王五'), ['ArrowUp', 'ArrowUp']);
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/reorder'))).toBe(true));
    expect(calls.find((c) => c.url.pathname.endsWith('/reorder'))!.body).toEqual({
      company_id: 15,
      items: [
        { id: 3, sort_order: 10 },
        { id: 1, sort_order: 20 },
        { id: 2, sort_order: 30 },
      ],
    });
    expect(await screen.findByText('排序已更新')).toBeInTheDocument();

    fail = true;
    const loads = () => calls.filter((c) => c.method === 'GET').length;
    const before = loads();
    await keyboardDrag(screen.getByLabelText('拖动排序：张三'), ['ArrowDown']);
    expect(await screen.findByText('排序列表中有重复的 ID')).toBeInTheDocument();
    await waitFor(() => expect(loads()).toBeGreaterThan(before));
  });
});
