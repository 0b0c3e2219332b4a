import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { App } from 'antd';
import { voteTypesKey } from '@/api/vote-types';
import { useAdvancedMode } from '@/components/advanced-mode';
import { saveWithMessage } from '@/components/save-with-message';
import { withAdvancedMode } from '@/components/with-advanced-mode';
import { errorDetail } from '@/lib/api-client';
import { createVoteType, deleteVoteType, updateVoteType } from '../api/vote-types';
import { copyText } from '../lib/copy-text';
import { toBody, type VoteTypeFormValues } from '../lib/vote-type-form';

/** Create, edit, enable/disable and delete the vote types of one company, and copy their links. */
export function useVoteTypeActions(companyId: number) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const ensureAdvancedMode = useAdvancedMode();
  const [saving, setSaving] = useState(false);
  const reload = () => qc.invalidateQueries({ queryKey: voteTypesKey(companyId) });

  /** Resolves true when saved, so the dialog can close. */
  const save = async (values: VoteTypeFormValues, editing?: VoteType) => {
    setSaving(true);
    const saved = await saveWithMessage(
      message,
      Boolean(editing),
      () => {
        const body = { ...toBody(values), company_id: companyId };
        return editing ? updateVoteType(editing.id, body) : createVoteType(body);
      },
      () => void reload(),
    );
    setSaving(false);
    return saved;
  };

  const toggle = async (row: VoteType, isActive: boolean) => {
    try {
      await updateVoteType(row.id, { is_active: isActive, company_id: companyId });
      message.success(isActive ? `已启用“${row.name}”` : `已停用“${row.name}”`);
    } catch (err) {
      message.error(errorDetail(err, '操作失败'));
    } finally {
      void reload();
    }
  };

  const remove = async (row: VoteType) => {
    try {
      if (await withAdvancedMode(ensureAdvancedMode, () => deleteVoteType(row.id, companyId))) {
        message.success('删除成功');
      }
    } catch (err) {
      message.error(errorDetail(err, '删除失败'));
    } finally {
      void reload();
    }
  };

  const copyLink = async (url: string) => {
    if (await copyText(url)) message.success('链接已复制');
    else message.error('复制失败，请手动复制链接');
  };

  return { save, toggle, remove, copyLink, saving };
}
