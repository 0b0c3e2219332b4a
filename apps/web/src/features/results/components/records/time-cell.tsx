import { Typography } from 'antd';
import { formatTime } from '../../lib/format';

/** A stored instant in two short lines (date, then time), so record tables stay narrow on phones. */
export function TimeCell({ iso }: { iso: string }) {
  const [date, time] = formatTime(iso).split(' ');
  return (
    <span style={{ whiteSpace: 'nowrap', lineHeight: 1.3, display: 'inline-block' }}>
      {date}
      <br />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {time}
      </Typography.Text>
    </span>
  );
}
