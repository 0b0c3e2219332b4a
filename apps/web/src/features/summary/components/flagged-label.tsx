import type { ReactNode } from 'react';
import { Tag } from 'antd';

/**
 * The 票类 cell of a 汇总表 row with the row's 预警 in it: a red tag beside the label and the reason in
 * words under it, so a row on a red ground always says why (and a black-and-white print still does).
 */
export function FlaggedLabel({ label, reasons }: { label: ReactNode; reasons: readonly string[] }) {
  if (reasons.length === 0) return <>{label}</>;
  return (
    <>
      {label}{' '}
      <Tag color="red" variant="solid" className="kp-sum-row-tag">
        预警
      </Tag>
      <div className="kp-sum-reason">{reasons.join('；')}</div>
    </>
  );
}
