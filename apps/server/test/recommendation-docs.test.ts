// 民主推荐 documents through the server (issue 30): the 民主推荐票 printed by the paper-ballot route (blank
// and numbered), and the 民主推荐情况汇总表 downloaded as xlsx, PDF and Word after the votes ended. Each file
// is read back and must print the figures GET /recommendation-results answers, the 口径, the ⅔ warning, the
// signature lines and a 核验码 that 报告核验 finds 一致. One database, built once.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { RecommendationPost, RecommendationResults } from '@kaoping/contracts/recommendation';
import {
  ballotInstruction,
  RECOMMENDATION_QUORUM_WARNING,
  RECOMMENDATION_SHARE_NOTE,
} from '@kaoping/contracts/recommendation-rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { docxText, pdfPages } from './helpers/doc-files';
import { newVoter, submit } from './helpers/ballot-fixtures';
import { useAdminWorld } from './helpers/ballot-world';
import { createCompany } from './helpers/factories';
import { recommendationUnit, type RecommendationUnit } from './helpers/recommendation-fixtures';
import { closeVoteTypes } from './helpers/round-fixtures';
import { adminCalls } from './helpers/vote-control';

const w = useAdminWorld({ reset: false });
const api = () => adminCalls(w.ctx.app, () => w.token);
const flat = (s: string) => s.replace(/\s+/g, '');
const percent = (n: number) => `${n.toFixed(2)}%`;
/** KP_DOC_OUT=<dir> keeps the files downloaded, to look at them. */
function keep(name: string, file: Buffer) {
  const dir = process.env.KP_DOC_OUT;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/${name}`, file);
}
const SEAL = /核验码：([0-9A-Z]{4}(?:-[0-9A-Z]{4}){3})/;

let companyId: number;
let deputy: RecommendationPost;
let chief: RecommendationPost;
const vt = {} as Record<'link' | 'talk', { id: number; link_id: string }>;

let unit: RecommendationUnit;
const entries: RecommendationUnit['entries'] = (...marks) => unit.entries(...marks);
const exportOf = (format: string, query = '') =>
  api().call('GET', `/companies/${companyId}/recommendation-results/export?format=${format}${query}`);

beforeAll(async () => {
  companyId = (await createCompany(w.ctx.app, w.token, '推荐文书单位')).id;
  unit = await recommendationUnit(w.ctx.app, () => w.token, companyId, [
    { name: '张伟', current_position: '总经理助理', birth_date: '1979.03' },
    { name: '王芳' },
    { name: '李强' },
  ]);
  ({ deputy, chief } = unit);
  vt.link = await unit.voteType('中层干部');
  vt.talk = await unit.voteType('谈话调研', { recommendation_mode: 'talk', expected_voters: 6 });
}, 60_000);

describe('民主推荐票 (paper ballot)', () => {
  it('prints each post with its instruction, candidates and write-in rows, numbered per sheet', async () => {
    const res = await api().call('GET', `/vote-types/${vt.link.id}/paper.pdf?copies=2`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    keep('route-ballot.pdf', res.rawPayload);
    const pages = pdfPages(res.rawPayload);
    expect(pages).toHaveLength(2);
    for (const [i, page] of pages.entries()) {
      const text = flat(page);
      for (const word of ['民主推荐票', '推荐文书单位', '中层干部', `编号${i + 1}`, '另提名', '第1页共1页'])
        expect(text).toContain(word);
      for (const p of [deputy, chief]) {
        expect(text).toContain(flat(ballotInstruction(p.max_choices)));
        for (const c of p.candidates) expect(text).toContain(c.name);
      }
      expect(text).toContain('总经理助理');
      expect(text).toContain('1979.03');
    }
  });
});

describe('民主推荐情况汇总表', () => {
  let results: RecommendationResults;

  beforeAll(async () => {
    const [zhang, wang, li] = deputy.candidates.map((c) => c.id);
    const [chen, liu] = chief.candidates.map((c) => c.id);
    for (const b of [
      entries([zhang!, wang!], [], [chen!]),
      entries([zhang!], ['孙丽'], [chen!]),
      entries([li!], [], [liu!]),
      entries([], [], []),
    ]) {
      const res = await submit(w.ctx.app, {
        link_id: vt.link.link_id,
        voter_identifier: newVoter(),
        submission_id: randomUUID(),
        ballots: b,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // One talk record, over-marked on the first post: 无效 there only. 应到 6, 实到 1: short of ⅔.
    const talk = await api().call('POST', `/vote-types/${vt.talk.id}/paper/sheets`, {
      key: '1',
      ballots: entries([zhang!, wang!, li!], [], [chen!]),
    });
    expect(talk.statusCode, talk.body).toBe(201);
  }, 60_000);

  it('refuses an unknown format in Chinese, and an unknown unit', async () => {
    const bad = await exportOf('csv');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/只能是 xlsx、pdf 或 docx/);
    const missing = await api().call('GET', '/companies/999999/recommendation-results/export?format=pdf');
    expect(missing.statusCode).toBe(404);
  });

  it('while the votes are open, prints no figure and says which are open', async () => {
    const res = await exportOf('pdf');
    expect(res.statusCode).toBe(200);
    const text = flat(pdfPages(res.rawPayload).join(''));
    expect(text).toContain('尚无已结束的民主推荐投票类型');
    expect(text).toContain(flat('“中层干部”、“谈话调研”投票进行中'));
    expect(text).not.toContain('孙丽');
  });

  /** Every figure the 汇总表 prints, from the results answer. */
  const figures = () =>
    results.total.posts.flatMap((p, j) => [
      p.name,
      ...results.groups.flatMap((g) => {
        const gp = g.posts[j]!;
        return [g.name, gp.received, gp.valid, gp.invalid, gp.abstained].map(String);
      }),
      ...p.candidates.flatMap((c) => [c.name, String(c.votes), percent(c.share)]),
    ]);

  /** 报告核验 of a printed code: 一致, the 汇总表 named. */
  async function verified(code: string, label: string) {
    const res = await api().call('GET', `/report-check/?code=${encodeURIComponent(code)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'match', document_label: label, company: { id: companyId } });
  }

  it('once ended: the PDF prints the results answer, the warning, the 口径, signatures and its 核验码', async () => {
    await closeVoteTypes(w.ctx.app, w.token, [vt.link.id, vt.talk.id]);
    const answer = await api().call('GET', `/companies/${companyId}/recommendation-results`);
    results = answer.json<RecommendationResults>();
    expect(results.groups).toHaveLength(2);
    expect(results.groups[1]!.posts[0]).toMatchObject({ received: 1, invalid: 1, quorum_met: false });

    const res = await exportOf('pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    keep('route-summary.pdf', res.rawPayload);
    expect(String(res.headers['content-disposition'])).toContain(
      encodeURIComponent('-民主推荐情况汇总表.pdf'),
    );
    const pages = pdfPages(res.rawPayload);
    const text = flat(pages.join(''));
    for (const f of figures()) expect(text).toContain(flat(f));
    expect(text).toContain('另提名');
    expect(text).toContain('过半数');
    expect(text).toContain(flat(`谈话调研（谈话调研推荐）：${RECOMMENDATION_QUORUM_WARNING}`));
    expect(text.split(flat(RECOMMENDATION_SHARE_NOTE)).length - 1).toBe(2);
    for (const label of ['计票人', '监票人', '日期']) expect(text).toContain(label);
    const codes = new Set(pages.map((p) => flat(p).match(SEAL)?.[1]));
    expect(codes.size).toBe(1);
    await verified([...codes][0]!, '民主推荐情况汇总表（PDF）');
  });

  it('the Word file prints the same figures and carries its own 核验码', async () => {
    const res = await exportOf('docx');
    expect(res.statusCode).toBe(200);
    keep('route-summary.docx', res.rawPayload);
    const { text } = await docxText(res.rawPayload);
    const body = flat(text);
    for (const f of figures()) expect(body).toContain(flat(f));
    expect(body).toContain(flat(RECOMMENDATION_SHARE_NOTE));
    for (const label of ['计票人', '监票人']) expect(body).toContain(label);
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(res.rawPayload);
    const footers = Object.keys(zip.files).filter((n) => /^word\/footer\d*\.xml$/.test(n));
    const footer = (await zip.file(footers[0]!)!.async('string')).replace(/<[^>]+>/g, '');
    await verified(footer.match(SEAL)![1]!, '民主推荐情况汇总表（Word）');
  });

  it('the xlsx holds every name with votes and % shares per group and in total, and its 核验码', async () => {
    const res = await exportOf('xlsx');
    expect(res.statusCode).toBe(200);
    keep('route-summary.xlsx', res.rawPayload);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: ExcelJS.CellValue[][] = [];
    sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
    results.total.posts.forEach((p, j) => {
      const block = rows.slice(rows.findIndex((r) => r[0] === `${'一二'[j]}、${p.name}`));
      for (const c of p.candidates) {
        const row = block.find((r) => r[1] === c.name)!;
        const groups = results.groups.map((g) => g.posts[j]!.candidates.find((x) => x.name === c.name));
        expect(row, c.name).toEqual([
          c.rank,
          c.name,
          c.write_in ? '另提名' : '参考人选',
          ...groups.flatMap((g) => [g?.votes ?? 0, (g?.share ?? 0) / 100]),
          c.votes,
          c.share / 100,
          ...(c.above_half ? ['过半数'] : []),
        ]);
      }
    });
    const code = sheet.headerFooter.oddFooter!.match(SEAL)![1]!;
    const last = String(sheet.getRow(sheet.rowCount).getCell(1).value);
    expect(last).toContain(code);
    await verified(code, '民主推荐情况汇总表（Excel）');
  });
});
