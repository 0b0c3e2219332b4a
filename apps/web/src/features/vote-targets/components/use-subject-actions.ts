import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EvaluationSubject } from '@kaoping/contracts/evaluation-subject';
import { App } from 'antd';
import { subjectsKey } from '@/api/evaluation-subjects';
import { useAdvancedMode } from '@/components/advanced-mode';
import { withAdvancedMode } from '@/components/with-advanced-mode';
import { errorDetail } from '@/lib/api-client';
import {
  createSubject,
  deleteSubject,
  reorderSubjects,
  updateSubject,
  type SubjectInput,
} from '../api/evaluation-subjects';
import { changedSubjectOrders, nextSubjectSortOrder, withIndexOrder } from '../lib/subject-order';

type Fields = SubjectInput;

/** Add, edit, enable/disable, delete and reorder the subjects of one company, with the spec's toasts. */
export function useSubjectActions(companyId: number, rows: EvaluationSubject[]) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const ensureAdvancedMode = useAdvancedMode();
  const [saving, setSaving] = useState(false);
  const [reordering, setReordering] = useState(false);
  const key = subjectsKey(companyId);
  const reload = () => qc.invalidateQueries({ queryKey: key });

  /** Resolves true when saved, so the dialog can close. */
  const save = async (values: Fields, editing?: EvaluationSubject) => {
    setSaving(true);
    try {
      if (editing) await updateSubject(editing.id, { ...values, company_id: companyId });
      else await createSubject({ ...values, company_id: companyId, sort_order: nextSubjectSortOrder(rows) });
      message.success(editing ? '更新成功' : '添加成功');
      return true;
    } catch (err) {
      message.error(errorDetail(err, '操作失败'));
      return false;
    } finally {
      setSaving(false);
      void reload();
    }
  };

  const toggle = async (row: EvaluationSubject, isActive: boolean) => {
    try {
      await updateSubject(row.id, { is_active: isActive, company_id: companyId });
      message.success('状态已更新');
    } catch {
      message.error('状态更新失败');
    } finally {
      void reload();
    }
  };

  const remove = async (row: EvaluationSubject) => {
    try {
      if (await withAdvancedMode(ensureAdvancedMode, () => deleteSubject(row.id, companyId))) {
        message.success('删除成功');
      }
    } catch (err) {
      message.error(errorDetail(err, '删除失败'));
    } finally {
      void reload();
    }
  };

  const reorder = async (next: EvaluationSubject[]) => {
    const items = changedSubjectOrders(next);
    if (!items.length) return;
    // Show the new order at once; the server's answer (or a reload on failure) settles it.
    await qc.cancelQueries({ queryKey: key });
    qc.setQueryData(key, withIndexOrder(next));
    setReordering(true);
    try {
      qc.setQueryData(key, await reorderSubjects({ company_id: companyId, items }));
      message.success('排序已更新');
    } catch {
      message.error('排序更新失败');
      void reload();
    } finally {
      setReordering(false);
    }
  };

  return { save, toggle, remove, reorder, saving, reordering };
}
