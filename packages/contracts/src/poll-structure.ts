import { cadreQuestions, isQuestionRequired, type CadreFormSchema } from './cadre-schema';
import type { PollTargetType } from './poll-kinds';
import type { ScoringFormSchema, ScoringOption } from './scoring-schema';

const optionKeys = (options: readonly ScoringOption[]) => options.map((o) => [o.value, o.score]);
const same = (a: string, b: string) => a.trim() === b.trim();
const sortedIds = (items: readonly { id: string }[]) => items.map((i) => i.id).sort();

/**
 * The parts of a checked form_schema that stored ballots depend on (option values and scores, item and
 * question ids, question types and options), as a comparable string. Texts, order and titles are left out:
 * they may change after voting, the structure may not, or stored ballots and recounts would disagree.
 */
export function ballotStructure(kind: PollTargetType, schema: unknown): string {
  if (kind === 'company' || kind === 'person') {
    const s = schema as ScoringFormSchema;
    const [overall, items] = s.evaluationGroups;
    return JSON.stringify({
      overall: optionKeys(overall.options),
      itemOptions: optionKeys(items.options),
      items: sortedIds(items.items),
      reverseOptions: optionKeys(s.reverseEvaluation.options),
      reverseItems: sortedIds(s.reverseEvaluation.items),
    });
  }
  if (kind === 'cadre') {
    const questions = cadreQuestions(schema as CadreFormSchema)
      .map((q) => [q.id, q.type, q.type === 'text_area' ? [] : q.options, isQuestionRequired(q)] as const)
      .sort((a, b) => a[0].localeCompare(b[0]));
    return JSON.stringify(questions);
  }
  // Newly promoted ballots depend only on the fixed opinions and the subjects, not on the schema's texts.
  return '';
}

/** The option lists of a scoring schema, by the names the editor and messages use. */
const scoringOptionGroups = (s: ScoringFormSchema) =>
  [
    ['总体评价', s.evaluationGroups[0].options],
    ['分项评价', s.evaluationGroups[1].options],
    ['反向测评', s.reverseEvaluation.options],
  ] as const;

/**
 * The first option that keeps its place but changes its name, in words ('总体评价选项“称职”改为“合格”'),
 * or undefined. Stored ballots and every result show options by their current names, so once ballots
 * exist a new name would silently relabel what voters chose: names are locked like the scores.
 */
export function renamedOption(kind: PollTargetType, before: unknown, after: unknown): string | undefined {
  if (kind === 'company' || kind === 'person') {
    const old = scoringOptionGroups(before as ScoringFormSchema);
    for (const [i, [group, options]] of scoringOptionGroups(after as ScoringFormSchema).entries()) {
      for (const o of options) {
        const was = old[i]![1].find((b) => b.value === o.value);
        if (was && !same(was.label, o.label)) return `${group}选项“${was.label}”改为“${o.label}”`;
      }
    }
    return undefined;
  }
  if (kind === 'cadre') {
    const old = new Map(cadreQuestions(before as CadreFormSchema).map((q) => [q.id, q]));
    for (const [n, q] of cadreQuestions(after as CadreFormSchema).entries()) {
      const was = old.get(q.id);
      // Options are stored as their text: a changed text at the same place is a rename.
      if (!was || was.type !== q.type || q.type === 'text_area' || was.options.length !== q.options.length)
        continue;
      const i = q.options.findIndex((o, j) => !same(o, was.options[j]!));
      if (i >= 0) return `第 ${n + 1} 题选项“${was.options[i]}”改为“${q.options[i]}”`;
    }
  }
  return undefined;
}
