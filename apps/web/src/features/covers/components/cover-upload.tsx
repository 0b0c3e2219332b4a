import type { ReactNode } from 'react';
import { COVER_ACCEPT, COVER_MAX_BYTES } from '@kaoping/contracts/cover';
import { App, Upload, type UploadProps } from 'antd';

export interface CoverUploadProps {
  /** Uploads the chosen file; rejects with the error to show. */
  onFile: (file: File) => Promise<void>;
  /** A big drop area when nothing is uploaded yet, else a plain button. */
  dragger?: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/** Picks one cover file, refuses files over 10 MB before sending them, and hands it to `onFile`. */
export function CoverUpload({ onFile, dragger, disabled, children }: CoverUploadProps) {
  const { message } = App.useApp();
  const props: UploadProps = {
    accept: COVER_ACCEPT,
    maxCount: 1,
    showUploadList: false,
    disabled,
    beforeUpload: (file) => {
      if (file.size > COVER_MAX_BYTES) {
        message.error('文件不能超过 10 MB');
        return Upload.LIST_IGNORE;
      }
      return true;
    },
    customRequest: ({ file, onSuccess, onError }) => {
      onFile(file as File).then(
        () => onSuccess?.(null),
        (err: Error) => onError?.(err),
      );
    },
  };
  return dragger ? (
    <Upload.Dragger {...props}>{children}</Upload.Dragger>
  ) : (
    <Upload {...props}>{children}</Upload>
  );
}
