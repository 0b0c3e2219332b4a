import type { MeetingBoard } from '@kaoping/contracts/meeting';
import { App, Switch, Tooltip } from 'antd';
import { canEdit, useRole } from '@/api/me';
import { errorDetail } from '@/lib/api-client';
import { useSummarySwitch } from '../api/meeting';

/** 在大屏显示汇总: for writers, and only once every vote type of the round is closed. */
export function SummarySwitch({ companyId, board }: { companyId: number; board: MeetingBoard }) {
  const { message } = App.useApp();
  const role = useRole();
  const toggle = useSummarySwitch(companyId);
  if (!canEdit(role)) return null;
  const label = (
    <label className="kp-mt-switch">
      <Switch
        size="small"
        checked={board.shows_summary}
        disabled={!board.all_closed && !board.shows_summary}
        loading={toggle.isPending}
        aria-label="在大屏显示汇总"
        onChange={(show) =>
          toggle.mutate(show, {
            onSuccess: () => void message.success(show ? '大屏已显示汇总' : '大屏已隐藏汇总'),
            onError: (e) => void message.error(errorDetail(e, '设置失败')),
          })
        }
      />
      在大屏显示汇总
    </label>
  );
  return board.all_closed ? label : <Tooltip title="本轮投票全部结束后才能显示汇总">{label}</Tooltip>;
}
