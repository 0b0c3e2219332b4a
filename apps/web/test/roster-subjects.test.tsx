import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EvaluationSubject } from '@kaoping/contracts/evaluation-subject';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EvaluationSubjectsList } from '@/features/vote-targets/components/evaluation-subjects-list';
import { mockFetch, renderAdmin } from './render';
import { keyboardDrag, stubRowLayout } from './roster-test-utils';

const subject = (companyId: number, id: number, name: string, over: Partial<EvaluationSubject> = {}) => ({
  id,
  company_id: companyId,
  name,
  birth_date: '1985.03',
  previous_position: '综合部副主任（2019.06）',
  current_position: '综合部主任（2024.03）',
  is_active: true,
  sort_order: id - 1,
  created_at: '2025-01-01T00:00:00Z',
  ...over,
});

// Each test uses its own company id: the admin providers share one query cache.
const api = (companyId: number, list: EvaluationSubject[], extra: Parameters<typeof mockFetch>[0] = {}) =>
  mockFetch({
    [`GET /api/v1/admin/evaluation-subjects/company/${companyId}`]: () => ({ body: list }),
    ...extra,
  });

const row = (name: string) => screen.getByText(name).closest('tr')!;
// Role queries over the whole antd tree are slow in jsdom: find the dialog by its title instead.
const dialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('[role="dialog"]')!;
const okButton = (d: HTMLElement) =>
  d.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')!;

afterEach(() => vi.restoreAllMocks());

describe('evaluation subjects list', () => {
  it('asks for a company first, shows the no-data text and the column headers', async () => {
    mockFetch({});
    const { unmount } = renderAdmin(<EvaluationSubjectsList companyId={undefined} />);
    expect(screen.getByText('请先在页面顶部选择单位')).toBeInTheDocument();
    unmount();
    api(20, []);
    renderAdmin(<EvaluationSubjectsList companyId={20} />);
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' })).toBeInTheDocument();
    for (const h of ['姓名', '出生年月', '原任职务及任职时间', '现任职务及任职时间', '状态', '操作']) {
      expect(screen.getByText(h, { selector: 'th' })).toBeInTheDocument();
    }
  });

  it('shows - for empty fields and toggles both ways, reloading after each', async () => {
    const calls = api(
      21,
      [
        subject(21, 1, '赵六'),
        subject(21, 2, '钱七', { birth_date: '', previous_position: '', is_active: false }),
      ],
      {
        'PUT /api/v1/admin/evaluation-subjects/1': () => ({
          body: subject(21, 1, '赵六', { is_active: false }),
        }),
        'PUT /api/v1/admin/evaluation-subjects/2': () => ({
          status: 404,
          body: { detail: '评议对象不存在' },
        }),
      },
    );
    renderAdmin(<EvaluationSubjectsList companyId={21} />);
    await screen.findByText('钱七');
    expect(within(row('钱七')).getAllByText('-')).toHaveLength(2);

    fireEvent.click(within(row('赵六')).getByRole('switch'));
    expect(await screen.findByText('状态已更新')).toBeInTheDocument();
    fireEvent.click(within(row('钱七')).getByRole('switch'));
    expect(await screen.findByText('状态更新失败')).toBeInTheDocument();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((p) => p.body)).toEqual([
      { is_active: false, company_id: 21 },
      { is_active: true, company_id: 21 },
    ]);
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(3));
  });

  it('adds a subject one above the maximum sort_order; the name is required on blur', async () => {
    const calls = api(
      22,
      [subject(22, 1, '赵六', { sort_order: 4 }), subject(22, 2, '钱七', { sort_order: 9 })],
      {
        'POST /api/v1/admin/evaluation-subjects/': ({ body }) => ({
          status: 201,
          body: { ...subject(22, 3, '孙八'), ...(body as object) },
        }),
      },
    );
    renderAdmin(<EvaluationSubjectsList companyId={22} />);
    await screen.findByText('钱七');
    fireEvent.click(screen.getByText('添加评议对象', { selector: 'button span' }));
    const d = await dialog('添加评议对象');
    fireEvent.blur(within(d).getByLabelText('姓名'));
    expect(await within(d).findByText('请输入姓名')).toBeInTheDocument();
    fireEvent.change(within(d).getByLabelText('姓名'), { target: { value: '孙八' } });
    fireEvent.change(within(d).getByLabelText('现任职务及任职时间'), { target: { value: '财务部副主任' } });
    fireEvent.click(okButton(d));
    expect(await screen.findByText('添加成功')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      company_id: 22,
      name: '孙八',
      birth_date: '',
      previous_position: '',
      current_position: '财务部副主任',
      sort_order: 10,
    });
  });

  it('edits a subject and deletes one after the confirmation', async () => {
    const calls = api(23, [subject(23, 1, '赵六')], {
      'PUT /api/v1/admin/evaluation-subjects/1': ({ body }) => ({
        body: { ...subject(23, 1, '赵六'), ...(body as object) },
      }),
      'DELETE /api/v1/admin/evaluation-subjects/1': () => ({ status: 204 }),
    });
    renderAdmin(<EvaluationSubjectsList companyId={23} />);
    await screen.findByText('赵六');
    fireEvent.click(within(row('赵六')).getByText(/编\s*辑/));
    const d = await dialog('编辑评议对象');
    expect(within(d).getByLabelText('出生年月')).toHaveValue('1985.03');
    fireEvent.change(within(d).getByLabelText('出生年月'), { target: { value: '1985.04' } });
    fireEvent.click(okButton(d));
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      company_id: 23,
      birth_date: '1985.04',
    });

    fireEvent.click(within(row('赵六')).getByText(/删\s*除/));
    expect(await screen.findByText('确定要删除该评议对象吗？')).toBeInTheDocument();
    fireEvent.click(document.querySelector<HTMLButtonElement>('.ant-popconfirm .ant-btn-dangerous')!);
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')!.url.searchParams.get('company_id')).toBe('23');
  });

  it('after a drag sends only the rows whose index changed; a failure reloads the list', async () => {
    stubRowLayout();
    let fail = false;
    const list = [
      subject(24, 1, '赵六'),
      subject(24, 2, '钱七'),
      subject(24, 3, '孙八'),
      subject(24, 4, '李九'),
    ];
    const calls = api(24, list, {
      'PUT /api/v1/admin/evaluation-subjects/reorder': ({ body }) => {
        if (fail) return { status: 500, body: { detail: '服务器内部错误' } };
        const { items } = body as { items: { id: number; sort_order: number }[] };
        const next = list.map((s) => ({
          ...s,
          sort_order: items.find((i) => i.id === s.id)?.sort_order ?? s.sort_order,
        }));
        return { body: next.sort((a, b) => a.sort_order - b.sort_order) };
      },
    });
    renderAdmin(<EvaluationSubjectsList companyId={24} />);
    await screen.findByText('李九');
    await keyboardDrag(screen.getByLabelText('拖动排序：孙八'), ['ArrowUp']);
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/reorder'))).toBe(true));
    expect(calls.find((c) => c.url.pathname.endsWith('/reorder'))!.body).toEqual({
      company_id: 24,
      items: [
        { id: 3, sort_order: 1 },
        { id: 2, sort_order: 2 },
      ],
    });
    expect(await screen.findByText('排序已更新')).toBeInTheDocument();

    fail = true;
    const loads = () => calls.filter((c) => c.method === 'GET').length;
    const before = loads();
    await keyboardDrag(screen.getByLabelText('拖动排序：赵六'), ['ArrowDown']);
    expect(await screen.findByText('排序更新失败')).toBeInTheDocument();
    await waitFor(() => expect(loads()).toBeGreaterThan(before));
  });
});
