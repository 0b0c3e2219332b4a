import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReorderBody } from '@kaoping/contracts/vote-type';
import { App } from 'antd';
import { useAdvancedMode } from '@/components/advanced-mode';
import { withAdvancedMode } from '@/components/with-advanced-mode';
import { errorDetail } from '@/lib/api-client';
import type { RosterApi } from '../api/roster';

export interface RosterRowBase {
  id: number;
  sort_order: number;
  is_active: boolean;
}

/**
 * What tells the two rosters apart (spec §4, §5): their calls, their order rule, the fields an edit
 * sends, and the words of a few toasts.
 */
export interface RosterKind<Row extends RosterRowBase, Fields extends object> {
  /** 测评对象 or 评议对象. */
  noun: string;
  /** Where its Excel import lives. */
  importPath: 'vote-targets' | 'evaluation-subjects';
  key: (companyId: number) => readonly unknown[];
  api: RosterApi<
    Row,
    Fields & { company_id: number; sort_order: number },
    Partial<Fields> | { is_active: boolean }
  >;
  /** The sort_order of a new row. */
  nextSortOrder: (rows: Row[]) => number;
  /** What a drag sends: the rows (all, or only the changed ones) with their new sort_order. */
  reorderItems: (rowsInNewOrder: Row[]) => ReorderBody['items'];
  /** The fields an edit sends (a target's type is fixed after creation). */
  editable: (values: Fields) => Partial<Fields>;
  toasts: {
    /** After an edit is saved. */
    updated: string;
    /** After the switch turned a row on or off. */
    toggled: (isActive: boolean) => string;
    /** A failed switch or drag: the server's reason, or only the fallback words. */
    failure: (err: unknown, fallback: string) => string;
  };
}

/** Add, edit, enable/disable, delete and reorder the rows of one company's roster, with their toasts. */
export function useRosterActions<Row extends RosterRowBase, Fields extends object>(
  kind: RosterKind<Row, Fields>,
  companyId: number,
  rows: Row[],
) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const ensureAdvancedMode = useAdvancedMode();
  const [busy, setBusy] = useState<'save' | 'delete' | 'reorder' | undefined>();
  const key = kind.key(companyId);
  const reload = () => qc.invalidateQueries({ queryKey: key });

  /** Resolves true when saved, so the dialog can close. */
  const save = async (values: Fields, editing?: Row) => {
    setBusy('save');
    try {
      if (editing) await kind.api.update(editing.id, { ...kind.editable(values), company_id: companyId });
      else await kind.api.create({ ...values, company_id: companyId, sort_order: kind.nextSortOrder(rows) });
      message.success(editing ? kind.toasts.updated : '添加成功');
      return true;
    } catch (err) {
      message.error(errorDetail(err, editing ? '修改失败' : '添加失败'));
      return false;
    } finally {
      setBusy(undefined);
      void reload();
    }
  };

  const toggle = async (row: Row, isActive: boolean) => {
    try {
      await kind.api.update(row.id, { is_active: isActive, company_id: companyId });
      message.success(kind.toasts.toggled(isActive));
    } catch (err) {
      message.error(kind.toasts.failure(err, '状态更新失败'));
    } finally {
      void reload();
    }
  };

  /** Resolves true when deleted (or gone), so a dialog can close. */
  const remove = async (row: Row) => {
    setBusy('delete');
    try {
      const done = await withAdvancedMode(ensureAdvancedMode, () => kind.api.remove(row.id, companyId));
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

  const reorder = async (next: Row[]) => {
    const items = kind.reorderItems(next);
    if (!items.length) return;
    const orderOf = new Map(items.map((i) => [i.id, i.sort_order]));
    // Show the new order at once; the server's answer (or a reload on failure) settles it.
    await qc.cancelQueries({ queryKey: key });
    qc.setQueryData(
      key,
      next.map((row) => ({ ...row, sort_order: orderOf.get(row.id) ?? row.sort_order })),
    );
    setBusy('reorder');
    try {
      qc.setQueryData(key, await kind.api.reorder({ company_id: companyId, items }));
      message.success('排序已更新');
    } catch (err) {
      message.error(kind.toasts.failure(err, '排序更新失败'));
      void reload();
    } finally {
      setBusy(undefined);
    }
  };

  return { save, toggle, remove, reorder, busy };
}
