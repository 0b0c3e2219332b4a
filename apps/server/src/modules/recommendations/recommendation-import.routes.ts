import {
  RECOMMENDATION_IMPORT_COLUMNS,
  recommendationPostCreateBody,
  type RecommendationPostCreateBody,
} from '@kaoping/contracts/recommendation';
import { IMPORT_MAX_ROWS } from '@kaoping/contracts/roster-import';
import { rosterImportRoutes } from '../shared/roster-import.routes';
import { createRecommendationPost } from './recommendation-posts.service';

const number = (cell: string | undefined) => {
  const t = (cell ?? '').trim();
  return t === '' ? undefined : /^\d{1,4}$/.test(t) ? Number(t) : NaN;
};

interface Group {
  row: number;
  body: Record<string, unknown>;
  candidates: Record<string, string>[];
}

/**
 * The file's rows as posts: consecutive rows with one 推荐职位 are its candidates, its numbers read from
 * its first row; each post is then checked by the create body's own schema (its messages, by the row).
 */
function postsOf(rows: { row: number; cells: string[] }[], companyId: number) {
  const groups: Group[] = [];
  const errors: { row: number; reason: string }[] = [];
  for (const { row, cells } of rows) {
    const [post, seats, max, slots, name, position, birth, note] = cells.map((c) => (c ?? '').trim());
    if (!post) {
      errors.push({ row, reason: '推荐职位不能为空' });
      continue;
    }
    let group = groups.at(-1);
    if (!group || group.body.name !== post) {
      const numbers = { seats: number(seats), max_choices: number(max), write_in_slots: number(slots) ?? 0 };
      if (Object.values(numbers).some((n) => Number.isNaN(n))) {
        errors.push({ row, reason: '职数、最多推荐人数、另提名栏数必须是整数' });
        continue;
      }
      group = { row, body: { company_id: companyId, name: post, ...numbers }, candidates: [] };
      groups.push(group);
    }
    if (name) group.candidates.push({ name, current_position: position!, birth_date: birth!, note: note! });
  }
  const bodies: RecommendationPostCreateBody[] = [];
  for (const g of groups) {
    const parsed = recommendationPostCreateBody.safeParse({ ...g.body, candidates: g.candidates });
    if (parsed.success) bodies.push(parsed.data);
    else errors.push({ row: g.row, reason: `“${String(g.body.name)}”：${parsed.error.issues[0]!.message}` });
  }
  return { bodies, errors: errors.sort((a, b) => a.row - b.row) };
}

/**
 * /recommendation-posts/import-template.xlsx and /recommendation-posts/import: posts and their candidates
 * from Excel, by the rosters' import (checked by content, every row before anything is written, a file
 * with any bad row adds nothing: 422 listing each row), the rows grouped into posts by postsOf.
 */
export default rosterImportRoutes<RecommendationPostCreateBody>({
  tag: 'recommendation-posts',
  label: '推荐职位',
  unit: '个',
  summary: `从 Excel 导入推荐职位和参考人选（multipart 字段 file；一行一名参考人选，同一职位的行相邻；仅 .xlsx，≤ 5 MB，≤ ${IMPORT_MAX_ROWS} 行；有错误则全部不导入）`,
  columns: RECOMMENDATION_IMPORT_COLUMNS,
  examples: [
    ['副总经理', '1', '1', '1', '张伟', '总经理助理', '1980.05', ''],
    ['副总经理', '', '', '', '李娜', '财务部部长', '1982.11', ''],
  ],
  parseRows: postsOf,
  create: createRecommendationPost,
});
