import type { PreflightLine } from '@kaoping/contracts/preflight';
import type { Db } from '../../db/client';
import { codeCounts, type CodeCountRow } from '../ballot-codes/ballot-codes.repository';
import { findCover } from '../covers/covers.repository';
import { printedCounts } from '../paper/print-runs.repository';
import { statusOf } from '../vote-types/vote-type-status';
import type { VoteTypeRow } from '../vote-types/vote-types.repository';

// The lines of one vote type in 会前检查: its window, test mode, codes against 应到人数, covers and paper.
// Every table is read through its owner's repository (test/architecture.test.ts).

const SOON_MS = 30 * 60_000;
const beijing = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const at = (d: Date) => beijing.format(d).replace(/\//g, '-');
/** A wait or what is left, as a person says it: 不到 1 分钟, 25 分钟, 约 3 小时, 约 2 天. */
export function inMinutes(ms: number) {
  const minutes = Math.round(ms / 60_000);
  if (ms < 60_000) return '不到 1 分钟';
  if (minutes < 120) return `${minutes} 分钟`;
  if (minutes < 48 * 60) return `约 ${Math.round(minutes / 60)} 小时`;
  return `约 ${Math.round(minutes / 1440)} 天`;
}

const line = (
  check: PreflightLine['check'],
  level: PreflightLine['level'],
  title: string,
  detail: string,
  action = '',
): PreflightLine => ({ check, level, title, detail, action });

/** Open now: green; opening within 30 minutes or closing within 30: amber; otherwise red. */
export function windowLine(v: VoteTypeRow, now: Date): PreflightLine {
  const title = '投票时间';
  const t = now.getTime();
  switch (statusOf(v, t)) {
    case 'open': {
      if (!v.closesAt) return line('window', 'ok', title, '投票已开放，未设截止时间');
      const left = v.closesAt.getTime() - t;
      if (left <= SOON_MS) {
        return line(
          'window',
          'warn',
          title,
          `投票已开放，将于 ${at(v.closesAt)} 截止（${inMinutes(left)}后）`,
          '如会议时间更长，请在投票类型中推迟截止时间',
        );
      }
      return line('window', 'ok', title, `投票已开放，截止时间 ${at(v.closesAt)}`);
    }
    case 'not_started': {
      const wait = v.opensAt!.getTime() - t;
      const detail = `尚未开始：开始时间 ${at(v.opensAt!)}（${inMinutes(wait)}后）`;
      const action = '如会议已经或即将开始，请在投票类型中提前开始时间，或清空开始时间';
      return line('window', wait <= SOON_MS ? 'warn' : 'fail', title, detail, action);
    }
    case 'closed':
      if (v.closedAt) {
        return line(
          'window',
          'fail',
          title,
          `已结束投票（${at(v.closedAt)}）`,
          '如需继续投票，请在“投票控制”中重新开放',
        );
      }
      return line(
        'window',
        'fail',
        title,
        `截止时间 ${at(v.closesAt!)} 已过，手机无法投票`,
        '在投票类型中推迟或清空截止时间',
      );
    default:
      return line('window', 'fail', title, '投票类型未启用', '在投票类型中启用');
  }
}

export function testModeLine(v: VoteTypeRow): PreflightLine {
  if (!v.testMode) return line('test_mode', 'ok', '试投票', '正式投票：选票计入结果');
  return line(
    'test_mode',
    'fail',
    '试投票',
    '处于试投票模式：选票单独存放，不计入结果',
    '试投完毕后在“投票控制”中点“转为正式投票”（试投的选票会被清除）',
  );
}

/** Codes mode: codes handed out (phones and paper) against 应到人数; link mode: a neutral note. */
export function codesLine(v: VoteTypeRow, counts: CodeCountRow | undefined): PreflightLine {
  const title = '投票码';
  if (v.accessMode !== 'codes') {
    const cap = v.expectedVoters ? `，最多 ${v.expectedVoters} 票（应到人数）` : '';
    return line('codes', 'info', title, `链接投票：每台手机投一次${cap}，无需投票码`);
  }
  const issued = counts?.handedOut ?? 0;
  const expected = v.expectedVoters;
  if (!expected) {
    return line(
      'codes',
      'warn',
      title,
      `已发放 ${issued} 个投票码；未填写应到人数，无法核对是否够用`,
      '在投票类型中填写应到人数',
    );
  }
  if (issued < expected) {
    return line(
      'codes',
      'fail',
      title,
      `已发放 ${issued} 个投票码，少于应到人数 ${expected}`,
      `在“投票码”中补发 ${expected - issued} 个并打印`,
    );
  }
  return line('codes', 'ok', title, `已发放 ${issued} 个投票码（应到 ${expected} 人）`);
}

/** The front cover (instructions, before the ballot) is needed; a missing back cover (thanks) is amber. */
export function coversLine(front: boolean, back: boolean): PreflightLine {
  if (!front) {
    return line(
      'covers',
      'fail',
      '封面',
      back ? '只有封底，没有封面' : '没有上传封面和封底',
      '在“封面管理”中上传该投票类型的封面（投票前的说明，图片或 PDF）',
    );
  }
  if (!back) {
    return line(
      'covers',
      'warn',
      '封面',
      '已上传封面，没有封底：投票后不显示致谢页',
      '如需致谢页，在“封面管理”中上传封底',
    );
  }
  return line('covers', 'ok', '封面', '已上传封面和封底');
}

/**
 * Paper sheets printed for the vote type's current mode (link mode: numbered runs; codes mode: codes
 * printed on sheets). Nothing printed is red only when the vote type is set up for paper (双人录入核对).
 */
export function paperLine(v: VoteTypeRow, printed: number): PreflightLine {
  if (printed > 0) return line('paper', 'ok', '纸质选票', `已打印 ${printed} 张纸质选票`);
  if (v.doubleEntry) {
    return line(
      'paper',
      'fail',
      '纸质选票',
      '已设置纸质票“双人录入核对”，但还没有打印纸质选票',
      '在“纸质选票”中打印（不用纸质票时请关闭双人录入核对）',
    );
  }
  return line('paper', 'info', '纸质选票', '未打印纸质选票（只用手机投票时无需打印）');
}

/** Every line of each vote type, in the unit's order. */
export async function voteTypeLines(db: Db, rows: VoteTypeRow[], now: Date) {
  const counts = await codeCounts(
    db,
    rows.map((v) => v.id),
  );
  const out = [];
  for (const v of rows) {
    const [front, back] = await Promise.all([findCover(db, v.id, 'front'), findCover(db, v.id, 'back')]);
    const printed =
      v.accessMode === 'codes'
        ? (counts.get(v.id)?.paperIssued ?? 0)
        : (await printedCounts(db, v.id, v.testMode)).printed;
    out.push({
      id: v.id,
      name: v.name,
      lines: [
        windowLine(v, now),
        testModeLine(v),
        codesLine(v, counts.get(v.id)),
        coversLine(!!front, !!back),
        paperLine(v, printed),
      ],
    });
  }
  return out;
}
