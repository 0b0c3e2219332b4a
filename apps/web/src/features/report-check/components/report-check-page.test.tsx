import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportCheckAnswer } from '@kaoping/contracts/report-check';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderAdmin } from '../../../../test/render';
import ReportCheckPage from './report-check-page';

vi.setConfig({ testTimeout: 60_000 });

const A = '/api/v1/admin';

const answer = (status: ReportCheckAnswer['status']): ReportCheckAnswer => ({
  code: 'ABCD-EFGH-JKMN-PQRS',
  status,
  document: 'report_pdf',
  document_label: '测评报告（PDF）',
  company: { id: 1, name: '甲单位' },
  round: { id: 2, name: '2026年度' },
  printed_at: '2026-11-23T02:00:00Z',
  printed_by: 'admin',
  audit_then: { row_count: 40, last_mac: 'a1b2c3d4e5f60718293a' },
  audit_now: { row_count: status === 'match' ? 40 : 43, last_mac: 'ffeeddccbbaa99887766' },
  checked_at: '2026-11-24T02:00:00Z',
});

describe('报告核验 screen', () => {
  it('asks for a code, then shows 一致 with the document, unit, round, time, account and audit head', async () => {
    const calls = mockFetch({ [`GET ${A}/report-check`]: () => ({ body: answer('match') }) });
    renderAdmin(<ReportCheckPage />, '/admin/report-check');
    expect(await screen.findByText('输入核验码后点击“核验”')).toBeTruthy();
    // As read off paper: lower case, spaces for dashes; sent as the grouped code.
    await userEvent.type(screen.getByRole('textbox', { name: '核验码' }), 'abcd efgh jkmn pqrs');
    await userEvent.click(screen.getByRole('button', { name: /核\s*验/ }));
    expect(await screen.findByText('一致')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === `${A}/report-check`)!.url.searchParams.get('code')).toBe(
      'ABCD-EFGH-JKMN-PQRS',
    );
    const result = screen.getByTestId('report-check-result');
    for (const text of [
      '测评报告（PDF）',
      '甲单位',
      '2026年度',
      'admin',
      '40 条记录，末条校验值 a1b2c3d4e5f6…',
    ])
      expect(result.textContent).toContain(text);
    expect(result.textContent).toContain(
      `${new Date('2026-11-23T02:00:00Z').toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false })}（北京时间）`,
    );
  });

  it('says 不一致（数据已变化） and how many audit rows came after, for a code in the address', async () => {
    mockFetch({ [`GET ${A}/report-check`]: () => ({ body: answer('changed') }) });
    renderAdmin(<ReportCheckPage />, '/admin/report-check?code=ABCD-EFGH-JKMN-PQRS');
    expect(await screen.findByText('不一致（数据已变化）')).toBeTruthy();
    expect(screen.getByTestId('report-check-result').textContent).toContain('（此后新增 3 条）');
    expect(screen.queryByText('一致')).toBeNull();
  });

  it('shows the server’s reason for an unknown code, and refuses a code of the wrong length before asking', async () => {
    const calls = mockFetch({
      [`GET ${A}/report-check`]: () => ({
        status: 404,
        body: { detail: '未找到该核验码对应的报告，请核对核验码后重试', code: 'REPORT_CODE_UNKNOWN' },
      }),
    });
    renderAdmin(<ReportCheckPage />, '/admin/report-check');
    const input = await screen.findByRole('textbox', { name: '核验码' });
    await userEvent.type(input, '1234');
    await userEvent.click(screen.getByRole('button', { name: /核\s*验/ }));
    expect(await screen.findByText('核验码应为 16 位字母和数字（连字符可省略）')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === `${A}/report-check`)).toBe(false);
    await userEvent.clear(input);
    await userEvent.type(input, 'ZZZZZZZZZZZZZZZZ{Enter}');
    expect(await screen.findByText('未找到该核验码对应的报告，请核对核验码后重试')).toBeTruthy();
    await waitFor(() =>
      expect(calls.some((c) => c.url.searchParams.get('code') === 'ZZZZ-ZZZZ-ZZZZ-ZZZZ')).toBe(true),
    );
  });

  it('offers a retry when the check itself fails', async () => {
    let fail = true;
    mockFetch({
      [`GET ${A}/report-check`]: () =>
        fail
          ? { status: 500, body: { detail: '服务器内部错误', code: 'INTERNAL' } }
          : { body: answer('match') },
    });
    renderAdmin(<ReportCheckPage />, '/admin/report-check?code=ABCD-EFGH-JKMN-PQRS');
    expect(await screen.findByText('核验失败')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('一致')).toBeTruthy();
  });
});
