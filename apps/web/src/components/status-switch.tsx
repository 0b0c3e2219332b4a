import { Switch } from 'antd';

/** Spec §4: enabled shows green, disabled red; the switch toggles both ways. */
export function StatusSwitch({
  checked,
  label,
  onChange,
}: {
  checked: boolean;
  /** Whose status this is, for screen readers. */
  label: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Switch
      checked={checked}
      checkedChildren="启用"
      unCheckedChildren="停用"
      aria-label={`${label}：${checked ? '已启用' : '已停用'}`}
      style={{ backgroundColor: checked ? '#52c41a' : '#ff4d4f' }}
      onChange={onChange}
    />
  );
}
