import { MEETING_SUMMARY_CONFIRM, meetingSummaryNotCounted } from '@kaoping/contracts/constants';
import type { MeetingBoard } from '@kaoping/contracts/meeting';
import { App, Switch, Tooltip } from 'antd';
import { canEdit, useRole } from '@/api/me';
import { errorDetail } from '@/lib/api-client';
import { useSummarySwitch } from '../api/meeting';

/** Why the switch is off-limits, short enough for the toolbar: the groups not yet 已完成计票. */
function notCountedShort(names: readonly string[]) {
  if (names.length === 0) return '暂无可汇总的投票类型';
  return names.length <= 2
    ? `${names.join('、')}尚未完成计票`
    : `${names[0]}等 ${names.length} 个投票类型尚未完成计票`;
}

/**
 * 在大屏显示汇总: for writers. The projector shows counts only until every vote type the 汇总 covers is
 * 已完成计票; then the switch turns the figures about people on, after a confirmation that they go to
 * the whole hall. Off needs no confirmation.
 */
export function SummarySwitch({ companyId, board }: { companyId: number; board: MeetingBoard }) {
  const { message, modal } = App.useApp();
  const role = useRole();
  const toggle = useSummarySwitch(companyId);
  if (!canEdit(role)) return null;
  const blocked = !board.all_counted && !board.shows_summary;
  const set = (show: boolean) =>
    toggle.mutateAsync(show).then(
      () => void message.success(show ? '大屏已显示汇总' : '大屏已隐藏汇总，只显示投票人数'),
      (e: unknown) => void message.error(errorDetail(e, '设置失败')),
    );
  const onChange = (show: boolean) => {
    if (!show) return void set(false);
    modal.confirm({
      title: '在会场大屏展示测评结果？',
      content: (
        <>
          <p>{MEETING_SUMMARY_CONFIRM}</p>
          <p style={{ color: '#5c6370', marginBottom: 0 }}>
            展示后会场所有人都能看到；可随时关闭此开关恢复只显示投票人数。大屏不显示任何投票人信息和意见建议。
          </p>
        </>
      ),
      okText: '确定展示',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => set(true),
    });
  };
  const label = (
    <label className="kp-mt-switch">
      <Switch
        size="small"
        checked={board.shows_summary}
        disabled={blocked}
        loading={toggle.isPending}
        aria-label="在大屏显示汇总"
        aria-describedby={blocked ? 'kp-mt-switch-why' : undefined}
        onChange={onChange}
      />
      在大屏显示汇总
      {blocked && (
        <span id="kp-mt-switch-why" className="kp-mt-switch-why">
          （{notCountedShort(board.not_counted)}）
        </span>
      )}
    </label>
  );
  return blocked && board.not_counted.length > 0 ? (
    <Tooltip title={meetingSummaryNotCounted(board.not_counted)}>{label}</Tooltip>
  ) : (
    label
  );
}
