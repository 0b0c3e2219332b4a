import type { Writable } from 'node:stream';
import { FORM_CATEGORY_LABELS, type FormCategory } from '@kaoping/contracts/vote-type';
import type { Db } from '../../db/client';
import { cadreVoteBatches, voteBatches } from '../ballots/ballot-batches.repository';
import { getCompany } from '../companies/companies.service';
import { readRoundPolls } from '../polls/parsed-poll';
import { roundOf } from '../rounds/round-scope';
import { listRounds } from '../rounds/rounds.repository';
import { listVoteTypes } from '../vote-types/vote-types.repository';
import { listVoteTargets } from '../vote-targets/vote-targets.repository';
import { appraisalResults, scoringPolls } from './appraisal.service';
import { evaluationResults } from './evaluation.service';
import { appraisalRawTable, beijingTime, evaluationRawTable } from './export-columns';
import { csvChunks } from './export-csv';
import { openBook, type Book } from './export-xlsx';
import { writeAppraisalBook } from './export-xlsx-appraisal';
import { writeEvaluationBook } from './export-xlsx-evaluation';

/** Writes sheets into a workbook, naming them through the workbook's namer. */
export type LeadingSheets = (book: Book, name: (wanted: string) => string) => void;

export interface ExportJob {
  /** e.g. 某公司-民主测评结果-20250101-0930.xlsx */
  fileName: string;
  /** The figures the results sheets are written from (what a 核验码 seals, with the 汇总表's). */
  figures: unknown;
  /**
   * Writes the file into `out` and ends it; the caller destroys `out` when this rejects. `seal`: the
   * 核验码 printed in every sheet's footer.
   */
  write(out: Writable, seal?: string): Promise<void>;
}

const stamp = () => beijingTime(new Date()).slice(0, 16).replace(/[-:]/g, '').replace(' ', '-');
const fileName = (company: string, family: FormCategory, what: string, ext: string) =>
  `${company}-${FORM_CATEGORY_LABELS[family]}${what}-${stamp()}.${ext}`;

/** The raw-ballot table of a family and its batches; evaluation columns name the subjects results show. */
async function rawBallots(db: Db, companyId: number, family: FormCategory, roundId?: number) {
  const company = await getCompany(db, companyId);
  const round = await roundOf(db, companyId, roundId);
  const voteTypes = await listVoteTypes(db, round.id, family);
  const voteTypeNames = new Map(voteTypes.map((v) => [v.id, v.name]));
  if (family === 'democratic_appraisal') {
    const [polls, targets] = await Promise.all([scoringPolls(db, round.id), listVoteTargets(db, round.id)]);
    const table = appraisalRawTable({
      voteTypes: voteTypeNames,
      targets: new Map(targets.map((t) => [t.id, t])),
      polls: polls.map((p) => ({ id: p.row.id, kind: p.kind, schema: p.schema })),
    });
    return { family, company, round, table, batches: () => voteBatches(db, round.id) } as const;
  }
  const [polls, results] = await Promise.all([
    readRoundPolls(db, round.id, ['cadre'] as const),
    evaluationResults(db, companyId, { roundId: round.id }),
  ]);
  const table = evaluationRawTable({
    voteTypes: voteTypeNames,
    cadre: polls[0]?.schema ?? null,
    subjects: results.newly_promoted.subjects,
  });
  return { family, company, round, results, table, batches: () => cadreVoteBatches(db, round.id) } as const;
}

/**
 * The results workbook of a family. Everything that can fail with a 4xx (unknown company) fails here,
 * before the response starts; write() then streams the sheets.
 */
export async function prepareXlsx(
  db: Db,
  companyId: number,
  family: FormCategory,
  roundId?: number,
  /** Sheets written first (the official 汇总表s, given by the reports module, which sits above this one). */
  leading?: LeadingSheets,
): Promise<ExportJob> {
  const raw = await rawBallots(db, companyId, family, roundId);
  const appraisal =
    raw.family === 'democratic_appraisal'
      ? await appraisalResults(db, companyId, { roundId: raw.round.id })
      : null;
  const compare = (await listRounds(db, companyId)).some((r) => r.id < raw.round.id);
  return {
    fileName: fileName(raw.company.name, family, '结果', 'xlsx'),
    figures: raw.family === 'democratic_appraisal' ? appraisal : raw.results,
    async write(out, seal) {
      const book = openBook(out, seal);
      if (raw.family === 'democratic_appraisal') {
        await writeAppraisalBook(book, appraisal!, { table: raw.table, batches: raw.batches() }, out, {
          compare,
          leading,
        });
      } else {
        await writeEvaluationBook(book, raw.results, { table: raw.table, batches: raw.batches() }, out, {
          leading,
        });
      }
    },
  };
}

/** The raw ballots of a family as CSV chunks (UTF-8 with BOM), read batch by batch as they are sent. */
export async function prepareCsv(db: Db, companyId: number, family: FormCategory, roundId?: number) {
  const raw = await rawBallots(db, companyId, family, roundId);
  const chunks =
    raw.family === 'democratic_appraisal'
      ? csvChunks(raw.table, raw.batches())
      : csvChunks(raw.table, raw.batches());
  return { fileName: fileName(raw.company.name, family, '原始选票', 'csv'), chunks };
}
