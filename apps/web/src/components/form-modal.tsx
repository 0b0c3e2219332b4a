import type { ReactNode } from 'react';
import { Modal, type FormInstance } from 'antd';

export interface FormModalProps {
  title: string;
  open: boolean;
  saving: boolean;
  /** 保存 submits this form; its onFinish does the saving. */
  form: FormInstance;
  onCancel: () => void;
  width?: number;
  children: ReactNode;
}

/** An add or edit dialog around a form; rendered while closed too, so the form instance stays connected. */
export function FormModal({ title, open, saving, form, onCancel, width, children }: FormModalProps) {
  return (
    <Modal
      title={title}
      open={open}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      forceRender
      {...(width !== undefined && { width })}
    >
      {children}
    </Modal>
  );
}
