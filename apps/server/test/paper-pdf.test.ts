// Issue 16 item 1: the printable paper ballot. Valid PDF, N copies → N × (pages of one sheet), every
// target's name and every code in its text; codes mode issues one new code per sheet as one batch.
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { submission, submit } from './helpers/ballot-fixtures';
import { bearer } from './helpers/factories';
import { usePaperWorld } from './helpers/paper';

const w = usePaperWorld({ persons: 8 });
const { paper, api } = w;
const CODE = /[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{2}/g;

beforeEach(async () => {
  await w.ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings/',
    headers: bearer(w.token),
    payload: { public_url: 'https://kp.example.cn' },
  });
});

async function textOf(pdf: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return await parser.getText();
  } finally {
    await parser.destroy();
  }
}

async function print(query: string) {
  const res = await paper().pdf(w.token, query);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  expect(res.rawPayload.subarray(-6).toString()).toContain('%%EOF');
  const text = await textOf(res.rawPayload);
  // Table cells wrap their words: look for them with the line breaks taken out.
  return { res, text, flat: text.text.replace(/\s+/g, '') };
}

const names = () => [w.f.companyTarget.name, ...w.f.persons.map((p) => p.name)];

describe('GET /vote-types/{id}/paper.pdf', () => {
  it('prints the 民主测评 form: every target, the grades, the items, the reverse boxes; N copies', async () => {
    const one = await print('?copies=1');
    const perSheet = one.text.total;
    expect(perSheet).toBeGreaterThanOrEqual(1);
    expect(String(one.res.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent('班子成员-纸质选票.pdf')}`,
    );
    const { text, flat } = await print('?copies=3');
    expect(text.total).toBe(3 * perSheet);
    for (const name of names()) expect(flat).toContain(name);
    expect(flat).not.toContain(w.f.inactiveTarget.name);
    for (const word of [
      '领导班子和领导人员民主测评表',
      '华东能源有限公司',
      '班子成员',
      '总体评价',
      '分项评价',
    ]) {
      expect(flat).toContain(word);
    }
    for (const word of ['政治素质', '党风廉政建设', '优秀', '基本称职', '反向测评', '不担当不作为', '编号']) {
      expect(flat).toContain(word);
    }
    expect(flat).toContain(`第1页共${perSheet}页`);
    expect(text.text).not.toMatch(CODE);
    // Link mode issues no code: each sheet prints its number of the print run (the first print was 1,
    // this one 2-4), on its first page and in the running head of the next.
    expect((await api().list(w.f.appraisal.id)).json()).toMatchObject({ issued: 0 });
    const numbers = text.pages.map((p) => p.text.match(/编号 ?(\d+)/)?.[1]);
    expect(numbers).toEqual([2, 3, 4].flatMap((n) => Array.from({ length: perSheet }, () => String(n))));
    const blank = await print('?copies=1&blank=1');
    expect(blank.flat).toContain('编号________');
    expect((await paper().list(w.token)).json().counts).toMatchObject({ printed: 4, last_number: 4 });
  });

  it('prints the 民主评议 form: the questions and the newly promoted table with every subject', async () => {
    w.family = 'evaluation';
    const { text, flat } = await print('?copies=2');
    expect(text.total % 2).toBe(0);
    for (const word of [
      '选人用人工作民主评议表',
      '对本单位选人用人工作的总体评价',
      '不存在突出问题',
      '新提拔任用干部民主评议表',
      '出生年月',
      '原任职务',
      '现任职务',
      '基本认同',
      '不了解',
      '您对新提拔任用的干部表示不认同的主要原因是',
      '注：对所列干部的提拔任用有何看法',
    ]) {
      expect(flat).toContain(word);
    }
    for (const s of w.f.subjects) expect(flat).toContain(s.name);
    expect(flat).not.toContain(w.f.inactiveSubject.name);
  });

  it('in codes mode issues one new code per sheet as one batch and prints each on its sheet', async () => {
    expect((await api().update(w.f.appraisal.id, { access_mode: 'codes' })).statusCode).toBe(200);
    await api().codes(w.f.appraisal.id, 2);
    const one = await print('?copies=1');
    const perSheet = one.text.total;
    const { text } = await print('?copies=4');
    expect(text.total).toBe(4 * perSheet);
    const list = (await api().list(w.f.appraisal.id, '?batch=3&limit=100')).json();
    expect(list).toMatchObject({ issued: 7, unused: 7, handed_out: 7, batches: 3, total: 4 });
    const issued = list.items.map((i: { code: string }) => i.code).sort();
    const printed = [...new Set(text.text.match(CODE) ?? [])].sort();
    expect(printed).toEqual(issued);
    // Each sheet's first page carries its own code.
    const firsts = text.pages.filter((_, i) => i % perSheet === 0).map((p) => p.text.match(CODE)?.[0]);
    expect(new Set(firsts).size).toBe(4);
    // A printed code is the sheet's key only: a phone is refused with it (issue 26), the sheet is keyed.
    const printedCode = issued[0]!;
    const phone = await submit(w.ctx.app, submission(w.f, 'appraisal', { code: printedCode }));
    expect(phone.statusCode).toBe(403);
    expect(phone.json()).toMatchObject({ code: 'CODE_PAPER_ONLY' });
    expect((await paper().check(w.token, printedCode)).json()).toMatchObject({
      state: 'new',
      can_enter: true,
    });
    const audit = await rowsOf<{ action: string; summary: string }>(
      w.ctx.database.db,
      sql`SELECT action, summary FROM audit_log WHERE action = 'paper.print' ORDER BY id`,
    );
    expect(audit.map((a) => a.summary)).toEqual([
      '打印纸质选票：“班子成员”1 份，每份一个新测评码',
      '打印纸质选票：“班子成员”4 份，每份一个新测评码',
    ]);
    // Blank forms in codes mode issue nothing.
    const blank = await print('?copies=2&blank=1');
    expect(blank.text.text).not.toMatch(CODE);
    expect((await api().list(w.f.appraisal.id)).json()).toMatchObject({ issued: 7 });
  });

  it('refuses a bad number of copies, a closed codes-mode vote type and a missing public address', async () => {
    for (const q of ['', '?copies=0', '?copies=501', '?copies=abc', '?copies=2&blank=yes']) {
      const res = await paper().pdf(w.token, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().detail).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await api().update(w.f.appraisal.id, { access_mode: 'codes' })).statusCode).toBe(200);
    await w.ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/',
      headers: bearer(w.token),
      payload: { public_url: null },
    });
    const noUrl = await paper().pdf(w.token, '?copies=1');
    expect(noUrl.statusCode).toBe(409);
    expect(noUrl.json().detail).toContain('公网访问地址');
    expect((await api().close(w.f.appraisal.id)).statusCode).toBe(200);
    // Blank forms still print after the close; new codes are not issued.
    expect((await paper().pdf(w.token, '?copies=1&blank=1')).statusCode).toBe(200);
    expect((await api().list(w.f.appraisal.id)).json()).toMatchObject({ issued: 0 });
  });
});
