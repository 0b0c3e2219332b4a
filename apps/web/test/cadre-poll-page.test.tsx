import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CadrePollPage from '@/features/cadre-polls/components/cadre-poll-page';
import { companiesResponse, mockApi, renderAdmin } from './cadre-test-utils';
import { confirmImport } from './render';

// One short page keeps the antd editor light: these tests are about the page's states, not the content.
const smallPoll = {
  id: 9,
  company_id: 5,
  target_type: 'cadre',
  title: '选人用人工作民主评议表',
  description: '',
  form_schema: {
    title: '选人用人工作民主评议表',
    pages: [
      {
        questions: [{ id: 'q1', type: 'single_choice', text: '总体评价', options: ['好', '差'] }],
        footer_text: '',
      },
    ],
  },
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};

const renderPage = (url: string) => renderAdmin(<CadrePollPage />, url);
const button = (text: string) => screen.getByText(text).closest('button')!;

afterEach(() => vi.unstubAllGlobals());

describe('CadrePollPage', () => {
  it('asks for a company first, also when importing', async () => {
    const api = mockApi({ 'GET /admin/companies/': () => companiesResponse });
    renderPage('/admin/cadre-polls');
    expect(screen.getByText('请先在页面顶部选择公司')).toBeInTheDocument();
    fireEvent.click(button('从模板导入问卷'));
    expect(await screen.findByText('请先选择公司')).toBeInTheDocument();
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('offers the template when the company has no cadre poll, then opens the editor', async () => {
    let created = false;
    const api = mockApi({
      'GET /admin/companies/': () => companiesResponse,
      'GET /admin/polls/company/5': () => ({ status: 200, body: created ? [smallPoll] : [] }),
      'POST /admin/polls/copy-from-template': () => {
        created = true;
        return { status: 201, body: smallPoll };
      },
    });
    renderPage('/admin/cadre-polls?company=5');
    expect(await screen.findByText('该公司暂无选人用人工作问卷')).toBeInTheDocument();
    fireEvent.click(button('从模板导入问卷'));
    const said = await confirmImport();
    expect(said).toContain('创建“选人用人工作民主评议表”');
    expect(said).toContain('2 页，共 4 道题（3 道选择题，1 道填写题）');
    expect(await screen.findByText('从模板导入问卷成功')).toBeInTheDocument();
    expect(await screen.findByLabelText('问卷主标题')).toHaveValue('选人用人工作民主评议表');
    const post = api.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({ company_id: 5, target_type: 'cadre' });
  });

  it("shows the server's detail when the import fails", async () => {
    mockApi({
      'GET /admin/companies/': () => companiesResponse,
      'GET /admin/polls/company/5': () => ({ status: 200, body: [] }),
      'POST /admin/polls/copy-from-template': () => ({ status: 409, body: { detail: '该单位已有此类问卷' } }),
    });
    renderPage('/admin/cadre-polls?company=5');
    fireEvent.click((await screen.findByText('从模板导入问卷')).closest('button')!);
    await confirmImport();
    expect(await screen.findByText('该单位已有此类问卷')).toBeInTheDocument();
  });

  it('says so when the questionnaire cannot be loaded', async () => {
    mockApi({
      'GET /admin/companies/': () => companiesResponse,
      'GET /admin/polls/company/5': () => ({ status: 500, body: { detail: '服务器内部错误' } }),
    });
    renderPage('/admin/cadre-polls?company=5');
    expect((await screen.findAllByText('获取问卷数据失败')).length).toBeGreaterThan(0);
    expect(button('重 试')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    mockApi({
      'GET /admin/companies/': () => companiesResponse,
      'GET /admin/polls/company/5': () => ({ status: 200, body: [smallPoll] }),
    });
    const router = renderPage('/admin/cadre-polls?company=5');
    fireEvent.change(await screen.findByLabelText('问卷主标题'), { target: { value: '新标题' } });
    await router.navigate('/elsewhere');
    expect(await screen.findByText('有未保存的修改', { selector: '.ant-modal-title' })).toBeInTheDocument();
    fireEvent.click(button('留在此页'));
    expect(screen.getByLabelText('问卷主标题')).toHaveValue('新标题');
    await router.navigate('/elsewhere');
    fireEvent.click(await screen.findByText('离开，不保存'));
    expect(await screen.findByText('另一个页面')).toBeInTheDocument();
  });
});
