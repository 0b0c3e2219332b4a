// 按姓氏笔画 (issue 30): the order of official name lists from the stroke data of cnchar and cnchar-order.
// Every expectation below is a fact of the standard stroke orders or an example of the published rules,
// checked against what the packages' data gives; the code holds no table of strokes.
import { describe, expect, it } from 'vitest';
import {
  charStrokes,
  compareBySurnameStrokes,
  compareChars,
  sortBySurnameStrokes,
  splitName,
  STROKE_FORMS,
} from '../src/strokes';

/** Forms as 横竖撇点折 letters, to read the expectations. */
const forms = (ch: string) =>
  charStrokes(ch)
    .forms.map((f) => STROKE_FORMS[f - 1])
    .join('');
const sorted = (names: string[]) => sortBySurnameStrokes(names, (n) => n);

describe('stroke data of one character', () => {
  it('counts strokes and reads their forms in writing order, 提 as 横, 竖钩 as 竖, 捺 and 左点 as 点', () => {
    expect(charStrokes('王')).toEqual({ count: 4, forms: [1, 1, 2, 1] });
    expect(forms('李')).toBe('横竖撇点折竖横');
    expect(forms('张')).toBe('折横折撇横折点');
    expect(forms('陈')).toBe('折竖横折竖撇点');
    expect(forms('才')).toBe('横竖撇'); // 横, 竖钩, 撇
    expect(forms('冯')).toBe('点横折折横'); // 点, 提, 横折, 竖折折钩, 横
    expect(forms('人')).toBe('撇点'); // 撇, 捺
    expect(forms('心')).toBe('点折点点'); // 左点, 卧钩, 点, 点
    expect(charStrokes('葛').count).toBe(12);
  });
  it('has no data for what is not a Chinese character', () => {
    expect(charStrokes('A')).toEqual({ count: null, forms: [] });
  });
});

describe('two characters', () => {
  it('fewer strokes first', () => {
    expect(sorted(['陈', '张', '李', '王'])).toEqual(['王', '李', '张', '陈']);
    expect(sorted(['马', '丁', '洪', '欧'])).toEqual(['丁', '马', '欧', '洪']);
  });
  it('the same count: by the first stroke 横竖撇点折, then the next', () => {
    expect(compareChars('王', '文')).toBeLessThan(0); // 4: 横 before 点
    expect(compareChars('史', '司')).toBeLessThan(0); // 5: 竖 before 折
    expect(compareChars('林', '欧')).toBeLessThan(0); // 8, 横: then 竖 before 撇
    expect(compareChars('张', '陈')).toBeLessThan(0); // 7, 折: then 横 before 竖
    expect(sorted(['于', '马', '万'])).toEqual(['于', '万', '马']);
    // Fourteen four-stroke surnames, each after the one before at their first different stroke.
    expect(sorted([...'邓巴孔尹方文卞仇毛牛车尤韦王'])).toEqual([...'王韦尤车牛毛仇卞文方尹孔巴邓']);
  });
  it('characters without data after the others', () => {
    expect(sorted(['A', '王'])).toEqual(['王', 'A']);
  });
});

describe('names', () => {
  it('split off a compound surname only when a given name follows', () => {
    expect(splitName('欧阳晓')).toEqual({ surname: '欧阳', given: '晓' });
    expect(splitName('诸葛 亮')).toEqual({ surname: '诸葛', given: '亮' });
    expect(splitName('司马相如')).toEqual({ surname: '司马', given: '相如' });
    expect(splitName('欧阳')).toEqual({ surname: '欧', given: '阳' });
    expect(splitName('王建国')).toEqual({ surname: '王', given: '建国' });
  });
  it('go by the surname, whole names only by the first character’s strokes (欧阳少东 before 洪少东)', () => {
    expect(compareBySurnameStrokes('欧阳少东', '洪少东')).toBeLessThan(0);
    expect(compareBySurnameStrokes('丁小宁', '王小宁')).toBeLessThan(0);
  });
  it('the same surname: then the given name; a one-character given name first (田富 before 田大利)', () => {
    expect(compareBySurnameStrokes('李一鸣', '李大鸣')).toBeLessThan(0);
    expect(compareBySurnameStrokes('田富', '田大利')).toBeLessThan(0);
    expect(compareBySurnameStrokes('高富', '高大富')).toBeLessThan(0);
  });
  it('a compound surname after the single surname of its first character', () => {
    expect(sorted(['欧阳晓', '欧文华', '欧明'])).toEqual(['欧明', '欧文华', '欧阳晓']);
    expect(sorted(['司马光', '司徒雷', '司文'])).toEqual(['司文', '司马光', '司徒雷']);
  });
  it('sorts a list and keeps the typed order of names that sort alike', () => {
    const list = [
      '陈静',
      '王建国',
      '欧阳晓',
      '欧文华',
      '李明',
      '张华',
      '丁一',
      '司马光',
      '马力',
      '田大利',
      '田富',
    ];
    expect(sorted(list)).toEqual([
      '丁一',
      '马力',
      '王建国',
      '田富',
      '田大利',
      '司马光',
      '李明',
      '张华',
      '陈静',
      '欧文华',
      '欧阳晓',
    ]);
    const twins = [
      { id: 1, name: '李明' },
      { id: 2, name: '王芳' },
      { id: 3, name: '李明 ' },
    ];
    expect(sortBySurnameStrokes(twins, (t) => t.name).map((t) => t.id)).toEqual([2, 1, 3]);
  });
});
