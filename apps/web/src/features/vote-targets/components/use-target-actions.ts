import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { VoteTarget } from '@kaoping/contracts/vote-target';
import { App } from 'antd';
import { targetsKey } from '@/api/vote-targets';
import { useAdvancedMode } from '@/components/advanced-mode';
import { saveWithMessage } from '@/components/save-with-message';
import { withAdvancedMode } from '@/components/with-advanced-mode';
import { errorDetail } from '@/lib/api-client';
import { createTarget, deleteTarget, reorderTargets, updateTarget } from '../api/vote-targets';
import { appraisalTargetOrders, nextTargetSortOrder } from '../lib/target-order';
import type { TargetFields } from './target-form-modal';

/** Add, edit, enable/disable, delete and reorder the appraisal targets of one company (spec §4, §8). */
export function useTargetActions(companyId: number, rows: VoteTarget[]) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const ensureAdvancedMode = useAdvancedMode();
  const [busy, setBusy] = useState<'save' | 'delete' | 'reorder' | undefined>();
  const key = targetsKey(companyId);
  const reload = () => qc.invalidateQueries({ queryKey: key });

  /** Resolves true when saved, so the dialog can close. */
  const save = async (values: TargetFields, editing?: VoteTarget) => {
    setBusy('save');
    // The type is fixed after creation, so it is not sent on edit.
    const { type: _type, ...changes } = values;
    const saved = await saveWithMessage(
      message,
      Boolean(editing),
      () =>
        editing
          ? updateTarget(editing.id, { ...changes, company_id: companyId })
          : createTarget({ ...values, company_id: companyId, sort_order: nextTargetSortOrder(rows.length) }),
      () => void reload(),
    );
    setBusy(undefined);
    return saved;
  };

  const toggle = async (row: VoteTarget, isActive: boolean) => {
    try {
      await updateTarget(row.id, { is_active: isActive, company_id: companyId });
      message.success(isActive ? '已启用' : '已停用');
    } catch (err) {
      message.error(errorDetail(err, '操作失败'));
    } finally {
      void reload();
    }
  };

  /** Resolves true when deleted (or gone), so the dialog can close. */
  const remove = async (row: VoteTarget) => {
    setBusy('delete');
    try {
      const done = await withAdvancedMode(ensureAdvancedMode, () => deleteTarget(row.id, companyId));
      if (done) message.success('删除成功');
      return done;
    } catch (err) {
      message.error(errorDetail(err, '删除失败'));
      return false;
    } finally {
      setBusy(undefined);
      void reload();
    }
  };

  const reorder = async (next: VoteTarget[]) => {
    const items = appraisalTargetOrders(next);
    // Show the new order at once; the server's answer (or a reload on failure) settles it.
    await qc.cancelQueries({ queryKey: key });
    qc.setQueryData(
      key,
      next.map((row, i) => ({ ...row, sort_order: items[i]?.sort_order ?? row.sort_order })),
    );
    setBusy('reorder');
    try {
      qc.setQueryData(key, await reorderTargets({ company_id: companyId, items }));
      message.success('排序已更新');
    } catch (err) {
      message.error(errorDetail(err, '排序更新失败'));
      void reload();
    } finally {
      setBusy(undefined);
    }
  };

  return { save, toggle, remove, reorder, busy };
}
