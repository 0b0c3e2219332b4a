// Issue 24 (set-up traps): a new vote type is not open for formal ballots the moment it is saved. The
// create dialog preselects 先试投票 and says in one line how to go formal; the dialog of an existing
// formal vote type shows it formal.
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { describe, expect, it, vi } from 'vitest';
import { VoteTypeFormModal } from '@/features/vote-types/components/vote-type-form-modal';
import { toBody, type VoteTypeFormValues } from '@/features/vote-types/lib/vote-type-form';
import { renderAdmin } from './render';
import { voteTypeFixture } from './vote-type-fixture';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

function open(editing?: VoteType) {
  const onSubmit = vi.fn<(v: VoteTypeFormValues) => void>();
  renderAdmin(
    <VoteTypeFormModal
      open
      editing={editing}
      category="democratic_appraisal"
      saving={false}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return onSubmit;
}

describe('the vote type dialog', () => {
  it('creates in test mode by default and says how to go formal', async () => {
    const onSubmit = open();
    const d = await screen.findByRole('dialog', { name: '新增投票类型' });
    expect(within(d).getByRole('radio', { name: /先试投票/ })).toBeChecked();
    expect(within(d).getByRole('radio', { name: '直接正式投票' })).not.toBeChecked();
    expect(
      within(d).getByText(
        '演练完成后，在投票类型页面点“转为正式投票”即开始正式投票，届时试投票的选票全部删除。',
      ),
    ).toBeInTheDocument();
    fireEvent.change(within(d).getByLabelText('名称'), { target: { value: '班子成员' } });
    fireEvent.click(d.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')!);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const values = onSubmit.mock.calls[0]![0];
    expect(values.test_mode).toBe(true);
    expect(toBody(values)).toMatchObject({ name: '班子成员', test_mode: true });
  });

  it('can still create a formal vote type when chosen', async () => {
    const onSubmit = open();
    const d = await screen.findByRole('dialog', { name: '新增投票类型' });
    fireEvent.change(within(d).getByLabelText('名称'), { target: { value: '职工代表' } });
    fireEvent.click(within(d).getByRole('radio', { name: '直接正式投票' }));
    fireEvent.click(d.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')!);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(toBody(onSubmit.mock.calls[0]![0])).toMatchObject({ test_mode: false });
  });

  it('shows an existing formal vote type as formal, and sends no test mode on an unchanged edit', async () => {
    const formal = voteTypeFixture(3, '中层干部', { company_id: 1, test_mode: false });
    const onSubmit = open(formal);
    const d = await screen.findByRole('dialog', { name: '编辑投票类型' });
    expect(within(d).getByRole('radio', { name: '直接正式投票' })).toBeChecked();
    fireEvent.click(d.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')!);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(toBody(onSubmit.mock.calls[0]![0], formal)).not.toHaveProperty('test_mode');
  });
});
