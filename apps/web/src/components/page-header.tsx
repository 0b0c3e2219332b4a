import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { CurrentRoundTag } from './round-select';

/** Title row of an admin page, with room for actions on the right. */
export function PageHeader({
  title,
  extra,
  children,
  currentRoundOf,
}: {
  title: string;
  extra?: ReactNode;
  children?: ReactNode;
  /** A setup page: the unit whose current round (测评批次) the page edits, named beside the title. */
  currentRoundOf?: number;
}) {
  return (
    <div style={{ marginBottom: 16 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {currentRoundOf !== undefined && <CurrentRoundTag companyId={currentRoundOf} />}
        <div style={{ marginLeft: 'auto', display: 'flex', gap: 8, flexWrap: 'wrap' }}>{extra}</div>
      </div>
      {children && <div style={{ marginTop: 12 }}>{children}</div>}
    </div>
  );
}
