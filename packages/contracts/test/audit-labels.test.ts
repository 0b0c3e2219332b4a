import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_VALUE_LABELS,
  auditDetailText,
  auditLabels,
  auditSummaryText,
  beijingMinutes,
} from '../src/audit-labels';
import { ROLE_LABELS } from '../src/auth';
import { ACCESS_MODE_LABELS } from '../src/ballot-codes';
import { PAPER_SHEET_STATE_LABELS } from '../src/paper-ballots';
import { POLL_KIND_LABELS, POLL_TARGET_TYPES } from '../src/poll-kinds';
import { COUNT_STAGE_LABELS, FORM_CATEGORY_LABELS } from '../src/vote-type';
import { TARGET_TYPES } from '../src/vote-target';

/** Letters left once quoted names (typed by people) are taken out: a machine word would show here. */
const ascii = (text: string) => text.replace(/“[^”]*”/g, '').match(/[A-Za-z_]{2,}/g) ?? [];

describe('the value words', () => {
  it('are the screens’ words (one word per thing)', () => {
    expect(AUDIT_VALUE_LABELS.access_mode).toEqual(ACCESS_MODE_LABELS);
    expect(AUDIT_VALUE_LABELS.form_category).toEqual(FORM_CATEGORY_LABELS);
    expect(AUDIT_VALUE_LABELS.stage).toEqual(COUNT_STAGE_LABELS);
    expect(AUDIT_VALUE_LABELS.state).toEqual(PAPER_SHEET_STATE_LABELS);
    expect(AUDIT_VALUE_LABELS.role).toEqual(ROLE_LABELS);
    expect(AUDIT_VALUE_LABELS.target_type).toEqual(
      Object.fromEntries(POLL_TARGET_TYPES.map((t) => [t, POLL_KIND_LABELS[t].poll])),
    );
    expect(AUDIT_VALUE_LABELS.type).toEqual(
      Object.fromEntries(TARGET_TYPES.map((t) => [t, POLL_KIND_LABELS[t].short])),
    );
  });

  it('are zod-free (any screen may import them)', () => {
    const source = readFileSync(new URL('../src/audit-labels.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/from '/);
  });
});

describe('a stored row read in Chinese', () => {
  it('reads a service’s machine line from its detail', () => {
    const row = {
      action: 'votes.voter.delete',
      object_type: null,
      summary:
        'vote_type_name: 中层干部；form_category: democratic_appraisal；voter_identifier: v-1a2b；deleted_ballots: 7',
      detail: {
        company_id: 3,
        vote_type_id: 9,
        vote_type_name: '中层干部',
        form_category: 'democratic_appraisal',
        voter_identifier: 'v-1a2b',
        submission_id: 41,
        deleted_ballots: 7,
      },
    };
    expect(auditLabels(row)).toEqual({
      action_label: '删除投票人选票',
      object_type_label: '选票',
      summary_text: '投票类型：“中层干部”；表单类别：民主测评；投票人标识：“v-1a2b”；删除选票：7',
    });
  });

  it('names the three counting steps, the reason and the unkeyed paper', () => {
    expect(
      auditDetailText('vote_type.finish_count', {
        unkeyed_paper_codes: 2,
        id: 4,
        company_id: 1,
        name: 'A组',
        returned: 30,
        paper_sheets: 5,
      }),
    ).toBe('投票类型：“A组”；收回数：30；已录入的纸质票：5；未录入的纸质票：2');
    expect(
      auditDetailText('vote_type.reopen', {
        id: 4,
        name: 'A组',
        from: 'counted',
        to: 'counting',
        reason: '补录',
      }),
    ).toBe('阶段：已完成计票 → 投票结束；投票类型：“A组”；原因：“补录”');
    // As the server writes 重新开放: the step it left (the database keeps no order of the keys).
    expect(
      auditDetailText('vote_type.reopen', {
        counted_at: '2026-03-01T01:30:00.000Z',
        stage: 'counted',
        restored_codes: 2,
        name: 'A组',
      }),
    ).toBe(
      '投票类型：“A组”；阶段：已完成计票 → 投票结束；原完成计票时间：2026-03-01 09:30；恢复有效的测评码：2',
    );
    expect(auditDetailText('vote_type.reopen', { name: 'A组', stage: 'counting', closed_at: null })).toBe(
      '投票类型：“A组”；阶段：投票结束 → 投票中；原结束投票时间：空',
    );
  });

  it('reads the access mode change and the close of a vote type', () => {
    const change = auditSummaryText({
      action: 'vote_type.access_mode',
      object_type: 'vote_type',
      summary: 'name: A组；from: link；to: codes',
      detail: { id: 1, company_id: 1, name: 'A组', from: 'link', to: 'codes' },
    });
    expect(change).toBe('投票方式：公开链接 → 测评码；投票类型：“A组”');
    const close = auditSummaryText({
      action: 'vote_type.close',
      object_type: 'vote_type',
      summary: 'name: A组；access_mode: codes；test_mode: false；returned: 12；recalled_codes: 3',
      detail: { id: 1, name: 'A组', access_mode: 'codes', test_mode: false, returned: 12, recalled_codes: 3 },
    });
    expect(close).toBe('投票类型：“A组”；投票方式：测评码；试投票：否；收回数：12；作废的未使用测评码：3');
  });

  it('reads a new round with what it copied', () => {
    const text = auditSummaryText({
      action: 'round.create',
      object_type: 'company',
      summary: 'archived_round_name: 2025年度；name: 2026年度；year: 2026',
      detail: {
        company_id: 1,
        archived_round_id: 1,
        archived_round_name: '2025年度',
        round_id: 2,
        name: '2026年度',
        year: 2026,
        copied: { polls: 2, vote_types: 3, targets: 8, subjects: 1, covers: 0 },
      },
    });
    expect(text).toBe(
      '新批次：“2026年度”；归档的批次：“2025年度”；年度：2026；复制到新批次：问卷 2、投票类型 3、测评对象 8、评议对象 1、封面/封底 0',
    );
    expect(ascii(text)).toEqual([]);
  });

  it('gives an old write’s codes, true/false and instants the screens’ words', () => {
    const text = auditSummaryText({
      action: 'vote_type.update',
      object_type: 'vote_type',
      summary:
        '“A组” 投票方式：codes → link；试投票：是 → 否；截止时间：空 → 2026-03-01T01:30:00.000Z；表单类别：democratic_appraisal → democratic_evaluation',
      detail: {},
    });
    expect(text).toBe(
      '“A组” 投票方式：测评码 → 公开链接；试投票：是 → 否；截止时间：空 → 2026-03-01 09:30；表单类别：民主测评 → 民主评议',
    );
    expect(
      auditSummaryText({
        action: 'vote_target.update',
        object_type: 'vote_target',
        summary: '“张三” 名称：张三 → 李四；类型：person → company',
      }),
    ).toBe('“张三” 名称：张三 → 李四；类型：个人 → 领导班子');
  });

  it('reads rows from before the chain (empty summary) and a bare action name', () => {
    expect(
      auditSummaryText({
        action: 'company.delete',
        object_type: null,
        summary: '',
        detail: { company_id: 2, name: '乙单位' },
      }),
    ).toBe('单位：“乙单位”');
    expect(
      auditSummaryText({
        action: 'vote_target.reorder',
        object_type: null,
        summary: 'vote_target.reorder（3 项）',
      }),
    ).toBe('调整测评对象排序（3 项）');
    expect(auditSummaryText({ action: 'round.thresholds', object_type: null, summary: '', detail: {} })).toBe(
      '修改预警阈值',
    );
  });

  it('names what a nameless write was done to, and a deleted poll by its title', () => {
    expect(auditSummaryText({ action: 'cover.upload', object_type: 'cover', summary: '新建' })).toBe(
      '新建封面/封底',
    );
    expect(auditSummaryText({ action: 'cover.delete', object_type: null, summary: '删除' })).toBe(
      '删除封面/封底',
    );
    expect(
      auditSummaryText({
        action: 'poll.delete',
        object_type: 'poll',
        summary: 'target_type: company；title: 领导班子民主测评表',
        detail: { poll_id: 1, company_id: 1, target_type: 'company', title: '领导班子民主测评表' },
      }),
    ).toBe('问卷：“领导班子民主测评表”；问卷类型：领导班子民主测评问卷');
  });

  it('keeps a summary already in Chinese as it is', () => {
    const summary = '新建账号“aud”（监督员）';
    expect(auditSummaryText({ action: 'account.create', object_type: 'account', summary, detail: {} })).toBe(
      summary,
    );
  });

  it('shows Beijing time to the minute', () => {
    expect(beijingMinutes('2026-12-31T16:05:59Z')).toBe('2027-01-01 00:05');
  });
});
