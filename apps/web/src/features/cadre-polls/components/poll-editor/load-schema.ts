import {
  CADRE_QUESTION_TYPES,
  DEFAULT_CADRE_TITLE,
  type CadreFormSchema,
  type CadreQuestion,
} from '@kaoping/contracts/cadre-schema';
import { parseFormSchema } from '@kaoping/contracts/poll';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

function lenientQuestion(raw: unknown, index: number): CadreQuestion | null {
  if (!isObj(raw)) return null;
  const type = CADRE_QUESTION_TYPES.find((t) => t === raw.type) ?? 'single_choice';
  const options = Array.isArray(raw.options)
    ? raw.options.filter((o): o is string => typeof o === 'string')
    : [];
  const q: CadreQuestion = { id: str(raw.id) || `q_loaded_${index + 1}`, type, text: str(raw.text), options };
  if (typeof raw.placeholder === 'string') q.placeholder = raw.placeholder;
  if (typeof raw.required === 'boolean') q.required = raw.required;
  return q;
}

/** Keeps whatever is usable of a stored schema that fails validation, so the admin can repair it. */
function lenientCadreSchema(raw: unknown): CadreFormSchema {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      value = undefined;
    }
  }
  const src = isObj(value) ? value : {};
  let n = 0;
  const pages = (Array.isArray(src.pages) ? src.pages : []).filter(isObj).map((p) => ({
    questions: (Array.isArray(p.questions) ? p.questions : [])
      .map((q) => lenientQuestion(q, n++))
      .filter((q): q is CadreQuestion => q !== null),
    footer_text: str(p.footer_text),
  }));
  return { title: str(src.title) || DEFAULT_CADRE_TITLE, pages };
}

/**
 * The editor's starting point from a stored form_schema (object or JSON string). `ok` false means it
 * did not pass validation and a best-effort copy is shown ('加载问卷配置失败').
 */
export function loadCadreSchema(raw: unknown): { schema: CadreFormSchema; ok: boolean } {
  const parsed = parseFormSchema('cadre', raw ?? {});
  if (parsed.success) return { schema: parsed.data, ok: true };
  return { schema: lenientCadreSchema(raw), ok: false };
}
