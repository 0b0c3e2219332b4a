import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SettingsView } from '@kaoping/contracts/settings';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SettingsPage from '@/features/settings/components/settings-page';
import { mockFetch, renderAdmin } from './render';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.restoreAllMocks());

const PATH = '/api/v1/admin/settings';

function serve(initial: SettingsView) {
  let current = initial;
  const calls = mockFetch({
    [`GET ${PATH}`]: () => ({ body: current }),
    [`PUT ${PATH}`]: ({ body }) => {
      const url = (body as { public_url: string | null }).public_url;
      current = url
        ? { public_url: url, public_url_source: 'settings' }
        : { public_url: 'http://10.0.0.5:8080', public_url_source: 'env' };
      return { body: current };
    },
  });
  renderAdmin(<SettingsPage />, '/admin/settings');
  return calls;
}

const box = () => screen.getByLabelText('公网访问地址');
const puts = (calls: ReturnType<typeof mockFetch>) =>
  calls.filter((c) => c.method === 'PUT').map((c) => c.body);

describe('settings screen: the public address', () => {
  it('refuses anything but an absolute http(s) address, warns about localhost, then saves', async () => {
    const calls = serve({ public_url: null, public_url_source: 'none' });
    expect(await screen.findByText('尚未配置公网访问地址')).toBeInTheDocument();

    fireEvent.change(box(), { target: { value: 'kp.example.cn' } });
    expect(await screen.findByText(/必须是以 http:\/\/ 或 https:\/\/ 开头的完整地址/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /保\s*存/ })).toBeDisabled();

    fireEvent.change(box(), { target: { value: 'http://localhost:8080' } });
    expect(await screen.findByText(/这是本机地址，投票人的手机无法打开/)).toBeInTheDocument();

    fireEvent.change(box(), { target: { value: ' https://kp.example.cn/ ' } });
    await waitFor(() => expect(screen.getByRole('button', { name: /保\s*存/ })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('公网访问地址已保存')).toBeInTheDocument();
    expect(puts(calls)).toEqual([{ public_url: 'https://kp.example.cn' }]);
    const current = await screen.findByText('当前地址在本页设置。');
    expect(within(current.closest('.ant-alert')!).getByRole('link')).toHaveAttribute(
      'href',
      'https://kp.example.cn',
    );
  });

  it('clears the stored address after a confirmation, falling back to PUBLIC_URL', async () => {
    const calls = serve({ public_url: 'https://kp.example.cn', public_url_source: 'settings' });
    fireEvent.click(await screen.findByRole('button', { name: /清\s*除/ }));
    const pop = await screen.findByText('清除本页设置的地址？');
    fireEvent.click(within(pop.closest('.ant-popover')!).getByRole('button', { name: /清\s*除/ }));
    expect(await screen.findByText('已清除，改用环境变量中的地址')).toBeInTheDocument();
    expect(puts(calls)).toEqual([{ public_url: null }]);
    expect(await screen.findByText(/来自服务器的环境变量 PUBLIC_URL/)).toBeInTheDocument();
  });
});
