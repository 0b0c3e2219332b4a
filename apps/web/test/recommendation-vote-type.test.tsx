// 民主推荐 in the vote type dialog (issue 30): the family is offered beside the other two, and a vote type
// of it says how it is run, 会议推荐 (the default) or 谈话调研推荐; the other families never send a mode.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FormCategory, VoteType } from '@kaoping/contracts/vote-type';
import { describe, expect, it, vi } from 'vitest';
import { AdminProviders } from '@/app/admin/admin-providers';
import CodesPage from '@/features/ballot-codes/components/codes-page';
import VoteTypesPage from '@/features/vote-types/components/vote-types-page';
import { VoteTypeFormModal } from '@/features/vote-types/components/vote-type-form-modal';
import { toBody, type VoteTypeFormValues } from '@/features/vote-types/lib/vote-type-form';
import { mockFetch, renderAdmin, renderRoutes } from './render';
import { voteTypeFixture } from './vote-type-fixture';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

function open(category: FormCategory, editing?: VoteType) {
  const onSubmit = vi.fn<(v: VoteTypeFormValues) => void>();
  renderAdmin(
    <VoteTypeFormModal
      open
      editing={editing}
      category={category}
      saving={false}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return onSubmit;
}

const save = (d: HTMLElement) =>
  fireEvent.click(d.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')!);

describe('民主推荐 in the vote type dialog', () => {
  it('offers the family and its two modes, and sends 谈话调研推荐 when chosen', async () => {
    const onSubmit = open('democratic_recommendation');
    const d = await screen.findByRole('dialog', { name: '新增投票类型' });
    await waitFor(() => expect(within(d).getByRole('radio', { name: /^民主推荐（/ })).toBeChecked());
    expect(await within(d).findByRole('radio', { name: '会议推荐' })).toBeChecked();
    fireEvent.change(within(d).getByLabelText('名称'), { target: { value: '谈话对象' } });
    fireEvent.click(within(d).getByRole('radio', { name: '谈话调研推荐' }));
    save(d);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(toBody(onSubmit.mock.calls[0]![0])).toMatchObject({
      name: '谈话对象',
      form_category: 'democratic_recommendation',
      recommendation_mode: 'talk',
    });
  });

  it('shows no mode for the other families and sends none', async () => {
    const onSubmit = open('democratic_appraisal');
    const d = await screen.findByRole('dialog', { name: '新增投票类型' });
    expect(within(d).queryByRole('radio', { name: '会议推荐' })).toBeNull();
    fireEvent.change(within(d).getByLabelText('名称'), { target: { value: '班子成员' } });
    save(d);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(toBody(onSubmit.mock.calls[0]![0])).not.toHaveProperty('recommendation_mode');
  });

  it('keeps an existing vote type’s mode and sends it only when it changes', async () => {
    const talk = voteTypeFixture(5, '谈话对象', {
      company_id: 1,
      form_category: 'democratic_recommendation',
      recommendation_mode: 'talk',
    });
    const onSubmit = open('democratic_recommendation', talk);
    const d = await screen.findByRole('dialog', { name: '编辑投票类型' });
    await waitFor(() => expect(within(d).getByRole('radio', { name: '谈话调研推荐' })).toBeChecked());
    save(d);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(toBody(onSubmit.mock.calls[0]![0], talk)).not.toHaveProperty('recommendation_mode');
  });
});

describe('谈话调研推荐 in the dialog and the list', () => {
  it('offers no access mode, codes or double entry once 谈话调研推荐 is chosen, and says how records are keyed', async () => {
    const onSubmit = open('democratic_recommendation');
    const d = await screen.findByRole('dialog', { name: '新增投票类型' });
    expect(await within(d).findByRole('radio', { name: /^测评码（/ })).toBeInTheDocument();
    // A codes vote type first, then 谈话调研推荐: what is sent is what the server stores.
    fireEvent.click(within(d).getByRole('radio', { name: /^测评码（/ }));
    fireEvent.click(within(d).getByRole('radio', { name: '谈话调研推荐' }));
    await waitFor(() => expect(within(d).queryByRole('radio', { name: /^测评码（/ })).toBeNull());
    expect(within(d).queryByRole('radio', { name: /^公开链接（/ })).toBeNull();
    expect(within(d).queryByRole('switch', { name: '双人录入核对' })).toBeNull();
    expect(within(d).queryByText('保存后在“测评码”页面发放测评码并下载纸条')).toBeNull();
    expect(within(d).getByTestId('talk-mode-note')).toHaveTextContent(
      /不设投票链接、二维码和测评码.*录入谈话记录.*单人录入/,
    );
    expect(within(d).getByLabelText('应参加谈话人数')).toBeInTheDocument();
    expect(d).not.toHaveTextContent('测评码方式按发出的测评码计算参评率');
    fireEvent.change(within(d).getByLabelText('名称'), { target: { value: '谈话对象' } });
    save(d);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(toBody(onSubmit.mock.calls[0]![0])).toMatchObject({
      recommendation_mode: 'talk',
      access_mode: 'link',
      double_entry: false,
    });
  });

  it('shows the access modes again when 会议推荐 is chosen back', async () => {
    open('democratic_recommendation');
    const d = await screen.findByRole('dialog', { name: '新增投票类型' });
    fireEvent.click(await within(d).findByRole('radio', { name: '谈话调研推荐' }));
    await waitFor(() => expect(within(d).queryByRole('radio', { name: /^公开链接（/ })).toBeNull());
    fireEvent.click(within(d).getByRole('radio', { name: '会议推荐' }));
    expect(await within(d).findByRole('radio', { name: /^公开链接（/ })).toBeInTheDocument();
    expect(within(d).queryByTestId('talk-mode-note')).toBeNull();
  });

  it('lists a talk vote type with no link, QR code or codes, and a meeting one with them', async () => {
    const cid = 7301;
    const rows = [
      voteTypeFixture(11, '参会人员', {
        company_id: cid,
        form_category: 'democratic_recommendation',
        recommendation_mode: 'meeting',
      }),
      voteTypeFixture(12, '谈话对象', {
        company_id: cid,
        form_category: 'democratic_recommendation',
        recommendation_mode: 'talk',
      }),
    ];
    localStorage.setItem('access_token', 'token-of-admin');
    mockFetch({
      'GET /api/v1/admin/companies/': () => ({
        body: { items: [{ id: cid, name: '推荐单位', created_at: '' }], total: 1 },
      }),
      'GET /api/v1/admin/vote-types/': () => ({ body: rows }),
      'GET /api/v1/admin/settings': () => ({
        body: { public_url: 'https://kp.example.cn', public_url_source: 'settings' },
      }),
    });
    renderAdmin(<VoteTypesPage />, `/admin/vote-types?company=${cid}`);
    const row = async (name: string) =>
      (await screen.findByText(name, { selector: 'strong' })).closest('tr')!;
    const talk = within(await row('谈话对象'));
    expect(talk.getByText('谈话录入')).toBeInTheDocument();
    expect(talk.getByText('不开放扫码，逐份录入谈话记录')).toBeInTheDocument();
    expect(talk.queryByText('公开链接')).toBeNull();
    expect(talk.queryByRole('button', { name: /复制链接|二维码/ })).toBeNull();
    expect(talk.queryByRole('button', { name: /测评码/ })).toBeNull();
    expect(talk.queryByRole('link', { name: /kp\.example\.cn/ })).toBeNull();
    expect(talk.getByRole('button', { name: '录入谈话记录：谈话对象' })).toBeInTheDocument();
    expect(talk.getByRole('button', { name: '打印谈话记录表：谈话对象' })).toBeInTheDocument();
    expect(talk.queryByRole('button', { name: '纸质票录入：谈话对象' })).toBeNull();
    const meeting = within(await row('参会人员'));
    expect(meeting.getByRole('button', { name: '复制链接：参会人员' })).toBeEnabled();
    expect(meeting.getByRole('button', { name: '二维码：参会人员' })).toBeEnabled();
    expect(meeting.getByRole('button', { name: /测评码/ })).toBeInTheDocument();
  }, 90_000);

  it('opens the 测评码 page of a talk vote type on a note, with nothing to issue or print', async () => {
    const cid = 7302;
    const talk = voteTypeFixture(21, '谈话对象', {
      company_id: cid,
      form_category: 'democratic_recommendation',
      recommendation_mode: 'talk',
    });
    localStorage.setItem('access_token', 'token-of-admin');
    const calls = mockFetch({
      'GET /api/v1/admin/companies/': () => ({
        body: { items: [{ id: cid, name: '推荐单位', created_at: '' }], total: 1 },
      }),
      'GET /api/v1/admin/vote-types/': () => ({ body: [talk] }),
    });
    renderRoutes(
      [
        {
          path: '/admin/vote-types/:voteTypeId/codes',
          element: (
            <AdminProviders>
              <CodesPage />
            </AdminProviders>
          ),
        },
      ],
      `/admin/vote-types/21/codes?company=${cid}`,
    );
    expect(await screen.findByText('“谈话对象”为谈话调研推荐，不使用测评码')).toBeInTheDocument();
    expect(screen.getByText(/谈话记录由谈话人员在投票类型页面点“录入谈话记录”逐份录入/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /发放|纸条|海报|二维码/ })).toBeNull();
    expect(calls.some((c) => c.url.pathname.includes('/codes'))).toBe(false);
  }, 60_000);
});
