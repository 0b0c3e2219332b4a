// Issue 24: the audit log in Chinese wherever a person reads it. Every action of the route table and every
// action a service records has a Chinese name, every object type and summary field too; a real write's row
// reads in Chinese in the API's label fields and in the xlsx, beside the machine codes; an old row (the
// machine line of an older server) reads in Chinese at read time, nothing rewritten, the chain intact.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_OBJECT_TYPE_LABELS,
  auditDetailText,
} from '@kaoping/contracts/audit-labels';
import type { AuditEntry, AuditPage } from '@kaoping/contracts/audit-log';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessOf, ROUTE_ACCESS } from '../src/modules/access/route-access';
import { UNIT_LOOKUP } from '../src/modules/access/unit-lookup';
import { appendAudit } from '../src/modules/audit/audit.repository';
import { bearer, createCompany, createVoteType } from './helpers/factories';
import { closeVoteTypes, newRound } from './helpers/round-fixtures';
import type { TestContext } from './helpers/test-app';
import { useAdminWorld } from './helpers/ballot-world';

const SRC = join(__dirname, '../src');
const sources = () =>
  (readdirSync(SRC, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({ file: f, text: readFileSync(join(SRC, f), 'utf8') }));

/** Files that record an audit row themselves, and the action names and detail keys they use. */
function serviceAudits() {
  const actions = new Map<string, string>();
  const keys = new Map<string, string>();
  for (const { file, text } of sources()) {
    if (!text.includes('recordAudit(') || file.includes('modules/audit/')) continue;
    for (const m of text.matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) actions.set(m[1]!, file);
    for (const call of text.matchAll(/recordAudit\([^{]*\{([\s\S]*?)\}\);/g)) {
      for (const part of call[1]!.split(/[,\n{]/)) {
        const key = /^\s*([a-z][a-z0-9_]*)\s*(?::|$)/.exec(part)?.[1];
        if (key) keys.set(key, file);
      }
    }
  }
  return { actions, keys };
}

/** Letters left once quoted names (typed by people) are taken out: a machine word would show here. */
const machineWords = (text: string) => text.replace(/“[^”]*”/g, '').match(/[A-Za-z_]{2,}/g) ?? [];

let ctx: TestContext;
let token: string;
let elevated: string;

const w = useAdminWorld({ reset: false, elevated: true });
beforeAll(async () => {
  ({ ctx, token, elevated } = w);
}, 120_000);

describe('every audit name has a Chinese label', () => {
  it('every action of the route table (walked as the server registered it) and of ROUTE_ACCESS', () => {
    const routed = ctx.app.adminRouteList
      .map((r) => accessOf(r.method, r.url)?.action)
      .filter((a): a is string => a !== undefined);
    expect(routed.length).toBeGreaterThan(35);
    const tabled = Object.values(ROUTE_ACCESS).flatMap((r) => (r.action ? [r.action] : []));
    const missing = [...new Set([...routed, ...tabled])].filter((a) => !AUDIT_ACTION_LABELS[a]);
    expect(missing).toEqual([]);
  });

  it('every action a service records itself (found in the source)', () => {
    const { actions } = serviceAudits();
    expect(actions.size).toBeGreaterThan(15);
    expect(actions.has('round.create')).toBe(true);
    const missing = [...actions].filter(([a]) => !AUDIT_ACTION_LABELS[a]).map(([a, f]) => `${a} (${f})`);
    expect(missing).toEqual([]);
  });

  it('every field of a service’s detail reads in Chinese (found in the source)', () => {
    const { keys } = serviceAudits();
    expect(keys.has('deleted_ballots')).toBe(true);
    const machine = [...keys]
      .filter(([k]) => k !== 'id' && !k.endsWith('_id') && k !== 'from' && k !== 'to')
      .filter(([k]) => auditDetailText('x.y', { [k]: '值' }).includes(k))
      .map(([k, f]) => `${k} (${f})`);
    expect(machine).toEqual([]);
  });

  it('every object type (the route’s object and each action’s first part)', () => {
    const types = [
      ...Object.keys(UNIT_LOOKUP),
      ...Object.keys(AUDIT_ACTION_LABELS).map((a) => a.split('.')[0]!),
      ...Object.values(ROUTE_ACCESS).flatMap((r) => (r.id ? [r.id] : [])),
    ];
    expect(types.filter((t) => !AUDIT_OBJECT_TYPE_LABELS[t])).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('gives the log’s rows their labels beside the codes', async () => {
    const doc = (await ctx.app.inject({ url: '/api/v1/openapi.json' })).json();
    const page = doc.paths['/api/v1/admin/audit-log'].get.responses['200'].content['application/json'].schema;
    const item = page.properties.items.items;
    expect(Object.keys(item.properties)).toEqual(
      expect.arrayContaining([
        'action',
        'action_label',
        'object_type',
        'object_type_label',
        'summary',
        'summary_text',
      ]),
    );
    expect(item.required).toEqual(
      expect.arrayContaining(['action_label', 'object_type_label', 'summary_text']),
    );
  });
});

describe('a real write reads in Chinese', () => {
  let rows: AuditEntry[];
  let companyId: number;

  beforeAll(async () => {
    companyId = (await createCompany(ctx.app, token, '审计单位')).id;
    const vt = await createVoteType(ctx.app, token, companyId, { name: '中层干部', access_mode: 'link' });
    const put = (body: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/admin/vote-types/${vt.id}`,
        headers: bearer(token),
        payload: body,
      });
    expect((await put({ access_mode: 'codes' })).statusCode).toBe(200);
    const window = {
      closes_at: '2099-03-01T01:30:00.000Z',
      weight: 40,
      form_category: 'democratic_appraisal',
    };
    expect((await put(window)).statusCode).toBe(200);
    await closeVoteTypes(ctx.app, token, [vt.id]);
    await newRound(ctx.app, elevated, companyId, '2099年度', 2099);
    // A row as an older server wrote it: the machine line of a service, the detail it came from.
    await appendAudit(ctx.database.db, {
      userId: null,
      username: 'admin',
      role: 'system_admin',
      action: 'votes.voter.delete',
      companyId,
      objectType: null,
      objectId: null,
      summary: 'vote_type_name: 中层干部；form_category: democratic_evaluation；deleted_ballots: 7',
      detail: {
        company_id: companyId,
        vote_type_name: '中层干部',
        form_category: 'democratic_evaluation',
        deleted_ballots: 7,
      },
    });
    const res = await ctx.app.inject({
      url: `/api/v1/admin/audit-log/?company_id=${companyId}&limit=100`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    rows = res.json<AuditPage>().items;
  }, 120_000);

  const row = (action: string) => {
    const found = rows.find((r) => r.action === action);
    if (!found) throw new Error(`no ${action} row in ${rows.map((r) => r.action).join(', ')}`);
    return found;
  };

  it('labels the access mode change, the close and the new round beside their codes', () => {
    expect(row('vote_type.access_mode')).toMatchObject({
      action: 'vote_type.access_mode',
      action_label: '修改投票方式',
      object_type: 'vote_type',
      object_type_label: '投票类型',
    });
    // The stored line keeps the machine words; the label beside it is rendered from the detail.
    expect(row('vote_type.access_mode').summary).toBe('name: 中层干部；from: link；to: codes');
    expect(row('vote_type.access_mode').summary_text).toBe(
      '投票方式：公开链接 → 测评码；投票类型：“中层干部”',
    );
    expect(row('vote_type.close')).toMatchObject({ action_label: '结束投票', object_type_label: '投票类型' });
    expect(row('vote_type.close').summary_text).toContain('投票方式：测评码');
    expect(row('vote_type.close').summary_text).toContain('试投票：否');
    expect(row('vote_type.close').summary_text).toContain('收回数：0');
    expect(row('round.create')).toMatchObject({ action_label: '开始新一轮测评', object_type_label: '单位' });
    expect(row('round.create').summary_text).toContain('新批次：“2099年度”');
    expect(row('round.create').summary_text).toMatch(/复制到新批次：问卷 \d+、投票类型 1、/);
    const update = rows.find((r) => r.action === 'vote_type.update' && r.summary_text.includes('截止时间'))!;
    expect(update.summary_text).toBe('“中层干部” 权重：0 → 40；截止时间：空 → 2099-03-01 09:30');
  });

  it('reads an older server’s machine line in Chinese, without rewriting it', async () => {
    const old = row('votes.voter.delete');
    expect(old.summary).toBe(
      'vote_type_name: 中层干部；form_category: democratic_evaluation；deleted_ballots: 7',
    );
    expect(old.action_label).toBe('删除投票人选票');
    expect(old.object_type_label).toBe('选票');
    expect(old.summary_text).toBe('投票类型：“中层干部”；表单类别：民主评议；删除选票：7');
    const verify = await ctx.app.inject({ url: '/api/v1/admin/audit-log/verify', headers: bearer(token) });
    expect(verify.json()).toMatchObject({ intact: true });
  });

  it('leaves no machine word in what the screen shows', () => {
    expect(rows.length).toBeGreaterThan(5);
    const left = rows.flatMap((r) =>
      [r.action_label, r.object_type_label ?? '', r.summary_text]
        .flatMap(machineWords)
        .map((w) => `${r.action}: ${w}`),
    );
    expect(left).toEqual([]);
  });

  it('exports the same Chinese to xlsx, the machine code only in the last column', async () => {
    const res = await ctx.app.inject({
      url: `/api/v1/admin/audit-log/export.xlsx?company_id=${companyId}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('审计日志')!;
    const head = sheet.getRow(1).values as unknown[];
    expect(head.slice(1)).toEqual([
      '序号',
      '时间',
      '用户',
      '角色',
      '操作',
      '单位',
      '对象类型',
      '对象编号',
      '摘要',
      '操作代码（系统）',
    ]);
    const lines: string[][] = [];
    sheet.eachRow((r, n) => {
      if (n > 1) lines.push((r.values as unknown[]).slice(1).map((v) => String(v ?? '')));
    });
    expect(lines.length).toBe(rows.length);
    const access = lines.find((l) => l[9] === 'vote_type.access_mode')!;
    expect(access.slice(4, 9)).toEqual([
      '修改投票方式',
      '审计单位',
      '投票类型',
      access[7],
      '投票方式：公开链接 → 测评码；投票类型：“中层干部”',
    ]);
    const old = lines.find((l) => l[9] === 'votes.voter.delete')!;
    expect(old[8]).toBe('投票类型：“中层干部”；表单类别：民主评议；删除选票：7');
    const left = lines.flatMap((l) =>
      [l[3]!, l[4]!, l[6]!, l[8]!].flatMap(machineWords).map((w) => `${l[9]}: ${w}`),
    );
    expect(left).toEqual([]);
    expect(lines.map((l) => l[8]).join('\n')).not.toMatch(/access_mode|deleted_ballots|\d{4}-\d\d-\d\dT/);
  });
});
