import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PreflightLine, PreflightReport } from '@kaoping/contracts/preflight';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderAdmin } from '../../../../test/render';
import PreflightPage from './preflight-page';

vi.setConfig({ testTimeout: 60_000 });

const A = '/api/v1/admin';
const COMPANIES = {
  [`GET ${A}/companies/`]: () => ({
    body: { items: [{ id: 7, name: '甲单位', created_at: '2026-01-01T00:00:00Z' }], total: 1 },
  }),
};

const ok = (check: PreflightLine['check'], title: string, detail: string): PreflightLine => ({
  check,
  level: 'ok',
  title,
  detail,
  action: '',
});

const report = (over: Partial<PreflightReport> = {}): PreflightReport => ({
  company_id: 7,
  server_time: new Date().toISOString(),
  time_zone: 'Asia/Shanghai',
  utc_offset_minutes: 480,
  level: 'ok',
  server: [
    ok('public_url', '公网访问地址', 'http://192.168.1.10:8080 从服务器访问正常（12 毫秒，系统设置中填写）'),
    ok('disk', '磁盘空间', '数据文件夹 /data 所在磁盘剩余 40.0 GB'),
    ok('snapshot_dir', '快照文件夹', '/data/snapshots 可以写入'),
    ok('snapshot_age', '最近快照', '最近一次快照在 2 分钟前（kaoping-20261126-093000-000.backup）'),
    ok('time_zone', '时区', '服务器时区 Asia/Shanghai（UTC+8，北京时间）'),
  ],
  unit: [],
  vote_types: [
    {
      id: 3,
      name: '班子成员',
      lines: [
        ok('window', '投票时间', '投票已开放，未设截止时间'),
        ok('test_mode', '试投票', '正式投票：选票计入结果'),
        ok('codes', '投票码', '已发放 30 个投票码（应到 30 人）'),
        ok('covers', '封面', '已上传封面和封底'),
        {
          check: 'paper',
          level: 'info',
          title: '纸质选票',
          detail: '未打印纸质选票（只用手机投票时无需打印）',
          action: '',
        },
      ],
    },
  ],
  ...over,
});

describe('会前检查 screen', () => {
  it('asks for a unit first', async () => {
    mockFetch(COMPANIES);
    renderAdmin(<PreflightPage />, '/admin/preflight');
    expect(await screen.findByText('请先在页面顶部选择单位')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重新检查/ })).toBeDisabled();
  });

  it('shows a ready unit all green, with the clock line computed against the browser', async () => {
    const calls = mockFetch({ ...COMPANIES, [`GET ${A}/preflight`]: () => ({ body: report() }) });
    renderAdmin(<PreflightPage />, '/admin/preflight?company=7');
    expect(await screen.findByText('检查通过，可以开会')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === `${A}/preflight`)!.url.searchParams.get('company_id')).toBe(
      '7',
    );
    const clock = screen.getByTestId('preflight-clock');
    expect(clock).toHaveClass('kp-preflight-ok');
    expect(clock).toHaveTextContent('本机时钟与服务器一致');
    const card = screen.getByTestId('preflight-vote-type-3');
    expect(within(card).getByText('班子成员')).toBeInTheDocument();
    expect(card).toHaveTextContent('已发放 30 个投票码（应到 30 人）');
    expect(screen.queryByText('需处理')).toBeNull();
  });

  it('shows each failing line red with what to do, and counts them; the clock red when it is off', async () => {
    const failing = report({
      level: 'fail',
      // The server's clock 5 minutes behind this browser's.
      server_time: new Date(Date.now() - 5 * 60_000).toISOString(),
      server: [
        {
          check: 'public_url',
          level: 'fail',
          title: '公网访问地址',
          detail: '从服务器访问 http://10.0.0.5:8080 失败：连接被拒绝（系统设置中填写）',
          action: '核对“系统设置”中的地址、端口、反向代理和防火墙',
        },
        ...report().server.slice(1),
      ],
      vote_types: [
        {
          id: 3,
          name: '班子成员',
          lines: [
            {
              check: 'test_mode',
              level: 'fail',
              title: '试投票',
              detail: '处于试投票模式：选票单独存放，不计入结果',
              action: '试投完毕后在“投票控制”中点“转为正式投票”（试投的选票会被清除）',
            },
            {
              check: 'covers',
              level: 'warn',
              title: '封面',
              detail: '已上传封面，没有封底：投票后不显示致谢页',
              action: '如需致谢页，在“封面管理”中上传封底',
            },
          ],
        },
      ],
    });
    mockFetch({ ...COMPANIES, [`GET ${A}/preflight`]: () => ({ body: failing }) });
    renderAdmin(<PreflightPage />, '/admin/preflight?company=7');
    expect(await screen.findByText('有 3 项需要处理，请在开会前解决')).toBeInTheDocument();
    const url = screen.getByTestId('preflight-public_url');
    expect(url).toHaveClass('kp-preflight-fail');
    expect(url).toHaveTextContent('需处理');
    expect(url).toHaveTextContent('处理：核对“系统设置”中的地址、端口、反向代理和防火墙');
    expect(screen.getByTestId('preflight-3-test_mode')).toHaveClass('kp-preflight-fail');
    expect(screen.getByTestId('preflight-3-covers')).toHaveClass('kp-preflight-warn');
    const clock = screen.getByTestId('preflight-clock');
    expect(clock).toHaveClass('kp-preflight-fail');
    expect(clock).toHaveTextContent(/本机时钟比服务器快 30\d 秒/);
  });

  it('shows the server’s reason when the check fails, and checks again on 重新检查', async () => {
    let n = 0;
    const calls = mockFetch({
      ...COMPANIES,
      [`GET ${A}/preflight`]: () =>
        ++n === 1
          ? { status: 404, body: { detail: '单位不存在', code: 'COMPANY_NOT_FOUND' } }
          : { body: report() },
    });
    renderAdmin(<PreflightPage />, '/admin/preflight?company=7');
    expect(await screen.findByText('会前检查失败')).toBeInTheDocument();
    expect(screen.getByText('单位不存在')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /重新检查/ }));
    expect(await screen.findByText('检查通过，可以开会')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === `${A}/preflight`)).toHaveLength(2));
  });

  it('says so for a unit without switched-on vote types', async () => {
    mockFetch({
      ...COMPANIES,
      [`GET ${A}/preflight`]: () => ({
        body: report({
          level: 'fail',
          vote_types: [],
          unit: [
            {
              check: 'vote_types',
              level: 'fail',
              title: '投票类型',
              detail: '本单位当前批次没有启用的投票类型',
              action: '在“投票类型”中新建或启用投票类型',
            },
          ],
        }),
      }),
    });
    renderAdmin(<PreflightPage />, '/admin/preflight?company=7');
    expect(await screen.findByText('本单位当前批次没有启用的投票类型')).toBeInTheDocument();
    expect(screen.getByTestId('preflight-vote_types')).toHaveClass('kp-preflight-fail');
  });
});
