import { cadreQuestions, isQuestionRequired, type CadreFormSchema } from './cadre-schema';
import type { PollTargetType } from './poll-kinds';
import type { ScoringFormSchema, ScoringOption } from './scoring-schema';

const optionKeys = (options: readonly ScoringOption[]) => options.map((o) => [o.value, o.score]);
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
