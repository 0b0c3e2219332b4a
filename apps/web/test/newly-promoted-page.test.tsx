import { fireEvent, screen, within } from '@testing-library/react';
import { NEWLY_PROMOTED_DEFAULTS } from '@kaoping/contracts/newly-promoted-schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import NewlyPromotedPage from '@/app/admin/newly-promoted-route';
import { companiesResponse, mockApi, renderAdmin } from './cadre-test-utils';
import { confirmImport } from './render';

const poll = {
  id: 11,
  company_id: 5,
  target_type: 'newly_promoted',
  title: NEWLY_PROMOTED_DEFAULTS.title,
  description: '',
  form_schema: { ...NEWLY_PROMOTED_DEFAULTS },
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};
const subject = (id: number, name: string, is_active: boolean) => ({
  id,
  company_id: 5,
  name,
  birth_date: '1986.02',
  previous_position: '',
  current_position: '副部长',
  is_active,
  sort_order: id,
  created_at: '2025-01-01T00:00:00Z',
});

const renderPage = (url: string) => renderAdmin(<NewlyPromotedPage />, url);
const button = (text: string) => screen.getByText(text).closest('button')!;
const preview = () => within(screen.getByTestId('newly-promoted-preview'));

afterEach(() => vi.unstubAllGlobals());

describe('NewlyPromotedPage', () => {
  it('asks for a company first, also when importing', async () => {
    const api = mockApi({ 'GET /admin/companies/': () => companiesResponse });
    renderPage('/admin/newly-promoted-poll-management');
    expect(screen.getByText('请先在页面顶部选择单位')).toBeInTheDocument();
    fireEvent.click(button('从模板导入问卷'));
    expect(await screen.findByText('请先选择公司')).toBeInTheDocument();
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('imports the template, then edits and saves the reason question', async () => {
    let stored: typeof poll | null = null;
    const api = mockApi({
      'GET /admin/companies/': () => companiesResponse,
      'GET /admin/polls/company/5': () => ({ status: 200, body: stored ? [stored] : [] }),
      'POST /admin/polls/copy-from-template': () => {
        stored = poll;
        return { status: 201, body: poll };
      },
      'PUT /admin/polls/11': (body) => {
        stored = { ...poll, ...(body as object) };
        return { status: 200, body: stored };
      },
      'GET /admin/evaluation-subjects/company/5': () => ({
        status: 200,
        body: [subject(1, '赵六', true), subject(2, '孙七', false)],
      }),
    });
    renderPage('/admin/newly-promoted-poll-management?company=5');
    expect(await screen.findByText('该单位暂无新提拔任用干部评议问卷')).toBeInTheDocument();
    fireEvent.click(button('从模板导入问卷'));
    expect(await confirmImport()).toContain('创建“新提拔任用干部民主评议表”');
    expect(await screen.findByText('从模板导入问卷成功')).toBeInTheDocument();

    const question = await screen.findByLabelText('不认同原因的提问');
    expect(question).toHaveValue(NEWLY_PROMOTED_DEFAULTS.reason_question);
    // The preview lists the company's active subjects only.
    expect(await preview().findByText('赵六')).toBeInTheDocument();
    expect(preview().queryByText('孙七')).not.toBeInTheDocument();

    fireEvent.change(question, { target: { value: '您不认同的主要原因：' } });
    expect(await preview().findByText('您不认同的主要原因：')).toBeInTheDocument();
    expect(screen.getByText('有未保存的修改')).toBeInTheDocument();
    fireEvent.click(button('保存'));
    expect(await screen.findByText('问卷已更新')).toBeInTheDocument();
    const put = api.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    const body = JSON.parse(String(put[1]?.body)) as { form_schema: Record<string, string> };
    expect(body.form_schema.reason_question).toBe('您不认同的主要原因：');
    expect(body.form_schema.footer_note).toBe(NEWLY_PROMOTED_DEFAULTS.footer_note);
    expect(await screen.findByText('所有修改均已保存')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '评议对象管理' })).toBeInTheDocument();
  });

  it('edits the phone texts apart from the paper ones; the preview shows only the phone texts', async () => {
    const api = mockApi({
      'GET /admin/companies/': () => companiesResponse,
      'GET /admin/polls/company/5': () => ({ status: 200, body: [poll] }),
      'PUT /admin/polls/11': (body) => ({ status: 200, body: { ...poll, ...(body as object) } }),
      'GET /admin/evaluation-subjects/company/5': () => ({ status: 200, body: [subject(1, '赵六', true)] }),
    });
    renderPage('/admin/newly-promoted-poll-management?company=5');
    const phoneFooter = await screen.findByLabelText('投票页页脚说明');
    expect(phoneFooter).toHaveValue('');
    expect(screen.getByLabelText('投票页的原因提示文字')).toHaveValue('请填写不认同的主要原因');
    expect(screen.getByLabelText('纸质表页脚说明')).toHaveValue(NEWLY_PROMOTED_DEFAULTS.footer_note);
    // The phone form in the preview says nothing about circles or the back of the page.
    expect(await preview().findByText('赵六')).toBeInTheDocument();
    expect(screen.getByTestId('newly-promoted-preview')).not.toHaveTextContent(/划圈|背面/);

    fireEvent.change(phoneFooter, { target: { value: '注：请对每位干部选择一项意见。' } });
    expect(await preview().findByText('注：请对每位干部选择一项意见。')).toBeInTheDocument();
    fireEvent.click(button('保存'));
    expect(await screen.findByText('问卷已更新')).toBeInTheDocument();
    const put = api.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    const body = JSON.parse(String(put[1]?.body)) as { form_schema: Record<string, string> };
    expect(body.form_schema).toMatchObject({
      phone_footer_note: '注：请对每位干部选择一项意见。',
      phone_reason_placeholder: '请填写不认同的主要原因',
      footer_note: NEWLY_PROMOTED_DEFAULTS.footer_note,
      reason_placeholder: NEWLY_PROMOTED_DEFAULTS.reason_placeholder,
    });
  });

  it('reports a failed save', async () => {
    mockApi({
      'GET /admin/companies/': () => companiesResponse,
      'GET /admin/polls/company/5': () => ({ status: 200, body: [poll] }),
      'PUT /admin/polls/11': () => ({ status: 422, body: { detail: '页脚说明不能超过 500 个字符' } }),
      'GET /admin/evaluation-subjects/company/5': () => ({ status: 500 }),
    });
    renderPage('/admin/newly-promoted-poll-management?company=5');
    fireEvent.change(await screen.findByLabelText('纸质表页脚说明'), { target: { value: '注：请划圈。' } });
    // Without the subjects API the preview still shows sample rows.
    expect(await preview().findByText('张某某')).toBeInTheDocument();
    fireEvent.click(button('保存'));
    expect(await screen.findByText('问卷更新失败：页脚说明不能超过 500 个字符')).toBeInTheDocument();
  });

  it('leaves the page empty, without a message, when the questionnaire cannot be loaded', async () => {
    mockApi({
      'GET /admin/companies/': () => companiesResponse,
      'GET /admin/polls/company/5': () => ({ status: 500, body: { detail: '服务器内部错误' } }),
    });
    renderPage('/admin/newly-promoted-poll-management?company=5');
    expect(await screen.findByText('该单位暂无新提拔任用干部评议问卷')).toBeInTheDocument();
    expect(button('重新加载')).toBeInTheDocument();
    expect(screen.queryByText('服务器内部错误')).not.toBeInTheDocument();
  });
});
