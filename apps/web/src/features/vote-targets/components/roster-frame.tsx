import { useEffect, type ReactNode } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { App, Button, Typography } from 'antd';
import { LoadError } from '@/components/load-error';

export interface RosterFrameProps {
  /** 测评对象 or 评议对象: names the failure and the add button. */
  noun: string;
  query: UseQueryResult<unknown[]>;
  /** A line above the list: how its order is used. */
  hint: ReactNode;
  onAdd: () => void;
  /** The Excel import beside the add button. */
  importButton?: ReactNode;
  /** The sortable table. */
  children: ReactNode;
}

/** The frame of both roster lists: hint and add button on top, the table, or why it could not load. */
export function RosterFrame({ noun, query, hint, onAdd, importButton, children }: RosterFrameProps) {
  const { message } = App.useApp();
  const { data, error, isError, errorUpdatedAt, refetch } = query;
  const failed = `获取${noun}列表失败`;

  useEffect(() => {
    if (isError) message.error(failed);
  }, [isError, errorUpdatedAt, message, failed]);

  return (
    <>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 12, flexWrap: 'wrap' }}>
        <Typography.Text type="secondary">{hint}</Typography.Text>
        <span style={{ marginLeft: 'auto' }}>{importButton}</span>
        <Button type="primary" icon={<PlusOutlined />} disabled={!data} onClick={onAdd}>
          添加{noun}
        </Button>
      </div>
      {isError && !data ? <LoadError title={failed} error={error} onRetry={() => refetch()} /> : children}
    </>
  );
}
