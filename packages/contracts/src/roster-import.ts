import { z } from 'zod';
import { errorResponse } from './common';

/** Excel import of appraisal targets and evaluation subjects (issue 17 item 6). */
export const IMPORT_MAX_ROWS = 2000;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_FILE_FIELD = 'file';
export const IMPORT_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The template's columns, in order; the first row of an uploaded sheet must carry these titles. */
export const TARGET_IMPORT_COLUMNS = ['名称', '类型', '职务'] as const;
export const SUBJECT_IMPORT_COLUMNS = [
  '姓名',
  '出生年月',
  '原任职务及任职时间',
  '现任职务及任职时间',
] as const;

/** The 类型 column: 领导班子 (or 班子) is a company target, 个人 (or empty) a person. */
export const TARGET_TYPE_WORDS: Record<string, 'company' | 'person'> = {
  领导班子: 'company',
  班子: 'company',
  company: 'company',
  个人: 'person',
  person: 'person',
  '': 'person',
};

export const importResult = z.object({ created: z.number().int() });
export type ImportResult = z.infer<typeof importResult>;

/** 422 of an import with bad rows: nothing was added; each bad row and why. */
export const importRefused = errorResponse.extend({
  errors: z.array(z.object({ row: z.number().int(), reason: z.string() })),
});
export type ImportRefused = z.infer<typeof importRefused>;
