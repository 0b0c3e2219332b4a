import { App } from 'antd';
import { errorDetail } from './api-client';
import { formatBytes } from './admin-download';

/**
 * A download the server builds before it answers, with one message that follows it: `building`, then
 * how much has arrived, then the saved file's name, or the server's refusal (else `failed`). The
 * download gets the progress callback and answers the saved name; the returned call answers whether it
 * succeeded.
 */
export function useFileDownload() {
  const { message } = App.useApp();
  return async (
    key: string,
    text: { building: string; failed: string },
    download: (onProgress: (bytes: number) => void) => Promise<string>,
  ): Promise<boolean> => {
    message.open({ key, type: 'loading', content: `${text.building}，请稍候…`, duration: 0 });
    try {
      const name = await download((bytes) =>
        message.open({
          key,
          type: 'loading',
          content: `${text.building}，已接收 ${formatBytes(bytes)}…`,
          duration: 0,
        }),
      );
      message.open({ key, type: 'success', content: `已下载 ${name}`, duration: 3 });
      return true;
    } catch (err) {
      message.open({ key, type: 'error', content: errorDetail(err, text.failed), duration: 5 });
      return false;
    }
  };
}
