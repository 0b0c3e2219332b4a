// 按姓氏笔画 (issue 30): candidates ordered as official name lists are, with the stroke data of the
// maintained packages cnchar (stroke counts) and cnchar-order (stroke order, 《现代汉语通用字笔顺规范》).
// An entry of its own (@kaoping/contracts/strokes, about 220 KB of data): the server sorts a post's
// candidates and stores the order, so the voter pages never load it.
//
// The rule, as the lists of the people's congresses and party congresses apply it:
// 1. the surname first, character by character: fewer strokes first; the same count, by the strokes in
//    writing order, 横 一 < 竖 丨 < 撇 丿 < 点 丶 < 折 乛 (提 counts as 横, 竖钩 as 竖, 捺 and 左点 as 点, every
//    other turning or hooked stroke as 折); a compound surname (欧阳, 司马, 诸葛 …) is one surname, after the
//    single surname of its first character (欧 before 欧阳);
// 2. then the given name, the same way; a one-character given name has an empty place before it, which
//    comes first (田富 before 田大利: 按姓氏笔画, not 按姓名笔画);
// 3. names the same in all this keep the order typed.
import cnchar from 'cnchar';
import order from 'cnchar-order';

cnchar.use(order);

/** The five basic strokes in the order they sort: 横 1, 竖 2, 撇 3, 点 4, 折 5. */
export const STROKE_FORMS = ['横', '竖', '撇', '点', '折'] as const;

interface StrokeDetail {
  type: string;
  name: string;
}

/** A stroke of cnchar-order's data in the five forms (its names: 横, 提, 竖, 竖钩, 撇, 点, 点2, 捺, …). */
function formOf(stroke: StrokeDetail): number {
  switch (stroke.name) {
    case '横':
    case '提':
      return 1;
    case '竖':
    case '竖钩':
      return 2;
    case '撇':
      return 3;
    case '点':
    case '点2':
    case '捺':
      return 4;
    default:
      return stroke.type === '折笔' ? 5 : 0;
  }
}

export interface CharStrokes {
  /** Stroke count; null for a character without stroke data (not a Chinese character, or a rare one). */
  count: number | null;
  /** The forms of its strokes in writing order (1-5, see STROKE_FORMS); empty without order data. */
  forms: number[];
}

const cache = new Map<string, CharStrokes>();

/** A character's stroke count and the forms of its strokes, from cnchar's data. */
export function charStrokes(ch: string): CharStrokes {
  let found = cache.get(ch);
  if (!found) {
    const details = (cnchar.stroke(ch, 'order', 'detail') as (StrokeDetail[] | undefined)[])[0];
    const count = cnchar.stroke(ch) as number;
    found = details
      ? { count: details.length, forms: details.map(formOf) }
      : { count: count > 0 ? count : null, forms: [] };
    cache.set(ch, found);
  }
  return found;
}

/** Compound surnames (复姓) of the 百家姓 and in use today. */
export const COMPOUND_SURNAMES: readonly string[] = [
  ...'万俟 司马 上官 欧阳 夏侯 诸葛 闻人 东方 赫连 皇甫 尉迟 公羊 澹台 公冶 宗政 濮阳 淳于 单于 太叔 申屠 公孙'.split(
    ' ',
  ),
  ...'仲孙 轩辕 令狐 钟离 宇文 长孙 慕容 鲜于 闾丘 司徒 司空 亓官 司寇 子车 颛孙 端木 巫马 公西 漆雕 乐正'.split(
    ' ',
  ),
  ...'壤驷 公良 拓跋 夹谷 宰父 谷梁 段干 百里 东郭 南门 呼延 羊舌 微生 梁丘 左丘 东门 西门 南宫 第五 独孤'.split(
    ' ',
  ),
];
const compound = new Set(COMPOUND_SURNAMES);

/**
 * A name split into surname and given name: a compound surname when the name starts with one and has a
 * given name after it (欧阳明 → 欧阳 + 明; 欧阳 alone is 欧 + 阳), else the first character.
 */
export function splitName(name: string): { surname: string; given: string } {
  const chars = [...name.replace(/\s+/g, '')];
  const two = chars.slice(0, 2).join('');
  const n = chars.length > 2 && compound.has(two) ? 2 : 1;
  return { surname: chars.slice(0, n).join(''), given: chars.slice(n).join('') };
}

/** Two characters: stroke count, then forms in writing order, then (no data, or the same) code point. */
export function compareChars(a: string, b: string): number {
  if (a === b) return 0;
  const x = charStrokes(a);
  const y = charStrokes(b);
  if (x.count !== y.count) {
    if (x.count === null) return 1;
    if (y.count === null) return -1;
    return x.count - y.count;
  }
  for (let i = 0; i < Math.min(x.forms.length, y.forms.length); i += 1) {
    if (x.forms[i] !== y.forms[i]) return x.forms[i]! - y.forms[i]!;
  }
  if (x.forms.length !== y.forms.length) return y.forms.length - x.forms.length;
  return a.codePointAt(0)! - b.codePointAt(0)!;
}

/** Character by character; an empty place ('') before any character, a prefix before what goes on. */
function compareSequences(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    if (x === '') return -1;
    if (y === '') return 1;
    return compareChars(x, y);
  }
  return a.length - b.length;
}

/** The given name with the empty place of a one-character given name ('富' → ['', '富']). */
const givenPlaces = (given: string) => {
  const chars = [...given];
  return chars.length === 1 ? ['', ...chars] : chars;
};

/** Two names 按姓氏笔画: negative when a comes first, 0 when they sort alike. */
export function compareBySurnameStrokes(a: string, b: string): number {
  const x = splitName(a.trim());
  const y = splitName(b.trim());
  return (
    compareSequences([...x.surname], [...y.surname]) ||
    compareSequences(givenPlaces(x.given), givenPlaces(y.given))
  );
}

/** Items sorted 按姓氏笔画 by their names; names that sort alike keep their order (a stable sort). */
export function sortBySurnameStrokes<T>(items: readonly T[], nameOf: (item: T) => string): T[] {
  return items
    .map((item, i) => ({ item, i, name: nameOf(item) }))
    .sort((p, q) => compareBySurnameStrokes(p.name, q.name) || p.i - q.i)
    .map((p) => p.item);
}
