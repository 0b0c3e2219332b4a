// 民主推荐 in the vote type dialog (issue 30): the family is offered beside the other two, and a vote type
// of it says how it is run, 会议推荐 (the default) or 谈话调研推荐; the other families never send a mode.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FormCategory, VoteType } from '@kaoping/contracts/vote-type';
import { describe, expect, it, vi } from 'vitest';
import { VoteTypeFormModal } from '@/features/vote-types/components/vote-type-form-modal';
import { toBody, type VoteTypeFormValues } from '@/features/vote-types/lib/vote-type-form';
import { renderAdmin } from './render';
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
    expect(within(d).getByRole('radio', { name: /^民主推荐（/ })).toBeChecked();
    expect(within(d).getByRole('radio', { name: '会议推荐' })).toBeChecked();
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
    expect(within(d).getByRole('radio', { name: '谈话调研推荐' })).toBeChecked();
    save(d);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(toBody(onSubmit.mock.calls[0]![0], talk)).not.toHaveProperty('recommendation_mode');
  });
});
