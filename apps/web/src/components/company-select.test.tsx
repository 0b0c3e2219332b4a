import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderAdmin } from '../../test/render';
import { CompanySelect } from './company-select';

const companies = {
  items: [
    { id: 1, name: '北京分公司', created_at: '' },
    { id: 2, name: '上海分公司', created_at: '' },
  ],
  total: 2,
};

describe('company selector', () => {
  it('shows the placeholder, filters by typed name and reports the choice', async () => {
    mockFetch({ 'GET /api/v1/admin/companies/': () => ({ body: companies }) });
    const onChange = vi.fn();
    renderAdmin(<CompanySelect value={undefined} onChange={onChange} />);
    expect(screen.getByText('请选择单位')).toBeInTheDocument();
    const input = screen.getByRole('combobox', { name: '选择单位' });
    await userEvent.click(input);
    await userEvent.type(input, '上海');
    await waitFor(() => expect(screen.queryByTitle('北京分公司')).not.toBeInTheDocument());
    await userEvent.click(await screen.findByTitle('上海分公司'));
    expect(onChange).toHaveBeenCalledWith(2);
  });
});
