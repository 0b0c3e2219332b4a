import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { App } from 'antd';
import { voteTypesKey } from '@/api/vote-types';
import { useAdvancedMode } from '@/components/advanced-mode';
import { saveWithMessage } from '@/components/save-with-message';
import { withAdvancedMode } from '@/components/with-advanced-mode';
import { errorDetail } from '@/lib/api-client';
import {
  closeVoteType,
  createVoteType,
  deleteVoteType,
  finishCount,
  goFormal,
  reopenVoteType,
  updateVoteType,
} from '../api/vote-types';
import { copyText } from '../lib/copy-text';
import { toBody, type VoteTypeFormValues } from '../lib/vote-type-form';
import { closeConfirmContent, finishConfirmContent, readCloseFacts } from './close-confirm';

/**
 * Create, edit, enable/disable, close (结束投票), finish the count (完成计票), reopen (one step back), go
 * formal and delete a company's vote types; copy links.
 */
export function useVoteTypeActions(companyId: number) {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const ensureAdvancedMode = useAdvancedMode();
  const [saving, setSaving] = useState(false);
  const reload = () => {
    void qc.invalidateQueries({ queryKey: voteTypesKey(companyId) });
    // Closing voids codes and going formal deletes test ballots: the codes and figures change too.
    void qc.invalidateQueries({ queryKey: ['ballot-codes'] });
    void qc.invalidateQueries({ queryKey: ['results'] });
  };

  /** Resolves true when saved, so the dialog can close. */
  const save = async (values: VoteTypeFormValues, editing?: VoteType) => {
    setSaving(true);
    const saved = await saveWithMessage(
      message,
      Boolean(editing),
      () => {
        const body = { ...toBody(values, editing), company_id: companyId };
        return editing ? updateVoteType(editing.id, body) : createVoteType(body);
      },
      reload,
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
      reload();
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
      reload();
    }
  };

  /** A call behind a confirmation; `advanced` ones ask for the password when the server wants it. */
  const run = async (call: () => Promise<unknown>, done: string, advanced: boolean) => {
    try {
      const went = advanced ? await withAdvancedMode(ensureAdvancedMode, call) : (await call(), true);
      if (went) message.success(done);
    } catch (err) {
      message.error(errorDetail(err, '操作失败，请重试'));
    } finally {
      reload();
    }
  };

  /** 结束投票: the confirmation states what was handed out, what came back and what will be voided. */
  const close = async (row: VoteType) => {
    const facts = await readCloseFacts(row, companyId);
    modal.confirm({
      title: `结束“${row.name}”的投票？`,
      content: closeConfirmContent(row, facts),
      okText: '结束投票',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => run(() => closeVoteType(row.id), `“${row.name}”已结束投票`, false),
    });
  };

  /** 完成计票: states the sheets never keyed (voided now) and any that still wait (the server refuses). */
  const finish = async (row: VoteType) => {
    const facts = await readCloseFacts(row, companyId);
    modal.confirm({
      title: `完成“${row.name}”的计票？`,
      content: finishConfirmContent(row, facts),
      okText: '完成计票',
      okButtonProps: { danger: (facts?.unkeyedPaper ?? 0) > 0 },
      cancelText: '取消',
      onOk: () => run(() => finishCount(row.id), `“${row.name}”已完成计票`, false),
    });
  };

  /** 重新开放 goes back one step: 已完成计票 → 投票结束, 投票结束 → 投票中. */
  const reopen = (row: VoteType) =>
    modal.confirm({
      title: row.count_stage === 'counted' ? `撤销“${row.name}”的完成计票？` : `重新开放“${row.name}”？`,
      content:
        row.count_stage === 'counted'
          ? '退回“投票结束”：可以继续录入和更正纸质票，完成计票时作废的纸质票测评码恢复可录入；汇总表和报告重新标注“计票未完成”。此操作需要高级模式，并记入审计日志。'
          : '退回“投票中”：投票人可以继续投票，结束投票时作废的手机测评码恢复可用。此操作需要高级模式，并记入审计日志。',
      okText: row.count_stage === 'counted' ? '退回投票结束' : '重新开放',
      cancelText: '取消',
      // Not awaited: the confirmation closes first, so the password prompt is not hidden behind it.
      onOk: () =>
        void run(
          () => reopenVoteType(row.id),
          row.count_stage === 'counted' ? `“${row.name}”已退回投票结束` : `“${row.name}”已重新开放`,
          true,
        ),
    });

  const formal = (row: VoteType) =>
    modal.confirm({
      title: `将“${row.name}”转为正式投票？`,
      content:
        '将删除该投票类型的全部试投票选票，并作废试投票期间用过的测评码，此操作不可撤销；之后的选票正式计入结果。此操作需要高级模式。',
      okText: '转为正式投票',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => void run(() => goFormal(row.id), `“${row.name}”已转为正式投票`, true),
    });

  const copyLink = async (url: string) => {
    if (await copyText(url)) message.success('链接已复制');
    else message.error('复制失败，请手动复制链接');
  };

  return { save, toggle, remove, close, finish, reopen, formal, copyLink, saving, refresh: reload };
}
