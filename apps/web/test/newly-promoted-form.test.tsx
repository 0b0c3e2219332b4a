import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NewlyPromotedForm } from '@/public/ballot/newly-promoted-form';
import type {
  NewlyPromotedFormSchema,
  NewlyPromotedSubject,
  NewlyPromotedValue,
} from '@/public/ballot/newly-promoted-form-model';

const schema: NewlyPromotedFormSchema = {
  title: '新提拔任用干部民主评议表',
  reason_question: '您对新提拔任用的干部表示不认同的主要原因是：',
  reason_placeholder: '（若此处填写不下，可写在背面或者另附页）',
  footer_note: '注：对所列干部的提拔任用有何看法请在相应选项内划圈（如 ○）。',
  phone_reason_placeholder: '请填写不认同的主要原因',
  phone_footer_note: '',
};

const subjects: NewlyPromotedSubject[] = [
  {
    id: 3,
    name: '王五',
    birth_date: '1988.01',
    previous_position: '科员',
    current_position: '副科长',
    is_active: true,
    sort_order: 2,
  },
  {
    id: 1,
    name: '张三',
    birth_date: '1985.03',
    previous_position: '',
    current_position: '科长',
    is_active: true,
    sort_order: 0,
  },
  {
    id: 2,
    name: '李四',
    birth_date: '1990.05',
    previous_position: '干事',
    current_position: '副主任',
    is_active: false,
    sort_order: 1,
  },
];

function Harness({ readOnly = false }: { readOnly?: boolean }) {
  const [value, setValue] = useState<NewlyPromotedValue>({});
  return (
    <>
      <NewlyPromotedForm
        schema={schema}
        subjects={subjects}
        value={value}
        onChange={setValue}
        readOnly={readOnly}
      />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}
const current = () => JSON.parse(screen.getByTestId('value').textContent ?? '{}') as NewlyPromotedValue;

describe('NewlyPromotedForm', () => {
  it('lists only active subjects by sort_order, with "-" for empty fields', () => {
    render(<Harness />);
    expect(screen.getByRole('heading', { name: schema.title })).toBeInTheDocument();
    const rows = screen.getAllByRole('row').filter((r) => r.hasAttribute('data-subject'));
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['张三', '王五']);
    expect(screen.queryByText('李四')).not.toBeInTheDocument();
    const cells = within(rows[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 4)).toEqual(['1', '1985.03', '-', '科长']);
    for (const h of [
      '序号',
      '姓名',
      '出生年月',
      '原任职务',
      '现任职务',
      '认同',
      '基本认同',
      '不认同',
      '不了解',
    ]) {
      expect(screen.getByRole('columnheader', { name: h })).toBeInTheDocument();
    }
  });

  it('records one opinion per subject and the reason', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('radio', { name: '张三：认同' }));
    await user.click(screen.getByRole('radio', { name: '张三：不认同' }));
    await user.click(screen.getByRole('radio', { name: '王五：不了解' }));
    const reason = screen.getByRole('textbox', { name: schema.reason_question });
    expect(reason).toHaveAttribute('placeholder', schema.phone_reason_placeholder);
    await user.type(reason, '群众基础一般');
    expect(current()).toEqual({ subject_1: '不认同', subject_3: '不了解', reason: '群众基础一般' });
    expect(screen.getByRole('radio', { name: '张三：认同' })).not.toBeChecked();
  });

  it('never tells a phone user to draw a circle or write on the back: the paper texts stay on paper', () => {
    const { container } = render(<NewlyPromotedForm schema={schema} subjects={subjects} value={{}} />);
    expect(container).not.toHaveTextContent(/划圈|背面|另附页/);
    expect(screen.getByRole('textbox', { name: schema.reason_question })).not.toHaveAttribute(
      'placeholder',
      expect.stringMatching(/背面/),
    );
  });

  it("shows the admin's phone footer and placeholder when written", () => {
    render(
      <NewlyPromotedForm
        schema={{
          ...schema,
          phone_footer_note: '注：请对每位干部选择一项意见。',
          phone_reason_placeholder: '选填',
        }}
        subjects={subjects}
        value={{}}
      />,
    );
    expect(screen.getByText('注：请对每位干部选择一项意见。')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: schema.reason_question })).toHaveAttribute(
      'placeholder',
      '选填',
    );
  });

  it('blocks changes in read-only mode', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <NewlyPromotedForm
        schema={schema}
        subjects={subjects}
        value={{ subject_1: '认同' }}
        onChange={onChange}
        readOnly
      />,
    );
    await user.click(screen.getByRole('radio', { name: '张三：基本认同' }));
    await user.type(screen.getByRole('textbox'), 'x');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: '张三：认同' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '张三：基本认同' })).toBeDisabled();
  });

  it('says 暂无评议对象 when no subject is active', () => {
    render(<NewlyPromotedForm schema={schema} subjects={[subjects[2]!]} value={{}} readOnly />);
    expect(screen.getByText('暂无评议对象')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('marks subjects the voting page reports as unanswered', () => {
    render(<NewlyPromotedForm schema={schema} subjects={subjects} value={{}} missingSubjectIds={[3]} />);
    const row = screen.getAllByRole('row').find((r) => r.getAttribute('data-subject') === '3')!;
    expect(within(row).getByText('请选择评议意见')).toBeInTheDocument();
  });
});
