import { Alert, Button } from 'antd';
import { errorDetail } from '@/lib/api-client';

/** A list that could not be loaded: what failed, the server's reason, and a retry button. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={errorDetail(error, '请检查网络后重试。')}
      action={<Button onClick={onRetry}>重试</Button>}
    />
  );
}
