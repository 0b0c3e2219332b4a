import {
  RECOMMENDATION_IMPORT_COLUMNS,
  recommendationPostCreateBody,
  type RecommendationPostCreateBody,
} from '@kaoping/contracts/recommendation';
import { IMPORT_MAX_ROWS } from '@kaoping/contracts/roster-import';
import { rosterImportRoutes } from '../shared/roster-import.routes';
import type { Db } from '../../db/client';
import { createRecommendationPost, takenPostNames } from './recommendation-posts.service';

const number = (cell: string | undefined) => {
  const t = (cell ?? '').trim();
  return t === '' ? undefined : /^\d{1,4}$/.test(t) ? Number(t) : NaN;
};

interface Group {
  row: number;
  body: { company_id: number; name: string; seats?: number; max_choices?: number; write_in_slots: number };
  candidates: Record<string, string>[];
}

const NUMBER_LABELS = { seats: '职数', max_choices: '最多推荐人数', write_in_slots: '另提名栏数' } as const;

/**
 * The file's rows as posts: consecutive rows with one 推荐职位 are its candidates, its numbers read from
 * its first row (a later row of the post may leave them empty; one that fills them in differently is
 * refused, naming both rows); each post is then checked by the create body's own schema (its messages,
 * by the row). A post whose rows are not together (its name again after another post's rows) is refused
 * at each row that comes back, naming the post's first row: nothing is merged behind the user's back.
 */
/** The first row of each post a file's parse produced (for refusals found after the parse). */
const firstRowOf = new WeakMap<RecommendationPostCreateBody, number>();

function postsOf(rows: { row: number; cells: string[] }[], companyId: number) {
  const groups: Group[] = [];
  const firstRow = new Map<string, number>();
  let previous: string | undefined;
  const errors: { row: number; reason: string }[] = [];
  for (const { row, cells } of rows) {
    const [post, seats, max, slots, name, position, birth, note] = cells.map((c) => (c ?? '').trim());
    if (!post) {
      errors.push({ row, reason: '推荐职位不能为空' });
      continue;
    }
    const together = previous === post;
    previous = post;
    const numbers = { seats: number(seats), max_choices: number(max), write_in_slots: number(slots) };
    if (Object.values(numbers).some((n) => Number.isNaN(n))) {
      errors.push({ row, reason: '职数、最多推荐人数、另提名栏数必须是整数' });
      continue;
    }
    let group = groups.at(-1);
    if (!together || group?.body.name !== post) {
      const first = firstRow.get(post);
      if (first !== undefined) {
        errors.push({
          row,
          reason: `推荐职位“${post}”已在第 ${first} 行开始，同一职位的参考人选应填在相邻的行（请把它们移到一起）`,
        });
        continue;
      }
      firstRow.set(post, row);
      group = {
        row,
        body: { company_id: companyId, name: post, ...numbers, write_in_slots: numbers.write_in_slots ?? 0 },
        candidates: [],
      };
      groups.push(group);
    } else {
      const differing = (Object.keys(NUMBER_LABELS) as (keyof typeof NUMBER_LABELS)[]).filter(
        (k) => numbers[k] !== undefined && numbers[k] !== group!.body[k],
      );
      if (differing.length) {
        const what = differing.map((k) => NUMBER_LABELS[k]).join('、');
        errors.push({
          row,
          reason: `推荐职位“${post}”的${what}与第 ${group.row} 行不一致（同一职位只在第一行填写，其余行可留空）`,
        });
        continue;
      }
    }
    if (name) group!.candidates.push({ name, current_position: position!, birth_date: birth!, note: note! });
  }
  const bodies: RecommendationPostCreateBody[] = [];
  for (const g of groups) {
    const parsed = recommendationPostCreateBody.safeParse({ ...g.body, candidates: g.candidates });
    if (parsed.success) {
      bodies.push(parsed.data);
      firstRowOf.set(parsed.data, g.row);
    } else errors.push({ row: g.row, reason: `“${g.body.name}”：${parsed.error.issues[0]!.message}` });
  }
  return { bodies, errors: errors.sort((a, b) => a.row - b.row) };
}

/**
 * A post the unit's current round already has (by name, trimmed) is refused at its first row: importing
 * the same file twice adds nothing the second time (the import's create checks again, under the lock).
 */
async function takenPosts(db: Db, bodies: RecommendationPostCreateBody[], companyId: number) {
  const taken = new Set(
    await takenPostNames(
      db,
      companyId,
      bodies.map((b) => b.name),
    ),
  );
  return bodies
    .filter((b) => taken.has(b.name.trim()))
    .map((b) => ({
      row: firstRowOf.get(b) ?? 0,
      reason: `推荐职位“${b.name.trim()}”已存在（本批次已有同名职位，请删去这些行或改用其他名称）`,
    }));
}

/**
 * /recommendation-posts/import-template.xlsx and /recommendation-posts/import: posts and their candidates
 * from Excel, by the rosters' import (checked by content, every row before anything is written, a file
 * with any bad row adds nothing: 422 listing each row), the rows grouped into posts by postsOf, a post
 * whose name the round has already refused at its row (takenPosts).
 */
export default rosterImportRoutes<RecommendationPostCreateBody>({
  tag: 'recommendation-posts',
  label: '推荐职位',
  unit: '个',
  summary: `从 Excel 导入推荐职位和参考人选（multipart 字段 file；一行一名参考人选，同一职位的行相邻，职数等只在其第一行填写（其余行留空或相同）；仅 .xlsx，≤ 5 MB，≤ ${IMPORT_MAX_ROWS} 行；有错误则全部不导入）`,
  columns: RECOMMENDATION_IMPORT_COLUMNS,
  examples: [
    ['副总经理', '1', '1', '1', '张伟', '总经理助理', '1980.05', ''],
    ['副总经理', '', '', '', '李娜', '财务部部长', '1982.11', ''],
  ],
  parseRows: postsOf,
  conflicts: takenPosts,
  create: createRecommendationPost,
});
