import type { MessageInstance } from 'antd/es/message/interface';
import { errorDetail } from '@/lib/api-client';

/**
 * The save of an add/edit dialog: '添加成功' or '修改成功' and `onSaved`, else the server's reason.
 * Resolves true when saved, so the dialog can close.
 */
export async function saveWithMessage(
  message: MessageInstance,
  editing: boolean,
  save: () => Promise<unknown>,
  onSaved: () => void,
): Promise<boolean> {
  try {
    await save();
    message.success(editing ? '修改成功' : '添加成功');
    onSaved();
    return true;
  } catch (err) {
    message.error(errorDetail(err, editing ? '修改失败' : '添加失败'));
    return false;
  }
}
