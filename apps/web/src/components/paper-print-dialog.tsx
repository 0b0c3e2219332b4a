import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAX_PAPER_COPIES as MAX_COPIES } from '@kaoping/contracts/paper-ballots';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { Alert, Checkbox, InputNumber, Modal, Typography } from 'antd';
import { downloadPaperBallots, getPaperCounts } from '@/api/paper-ballots';
import { useFileDownload } from '@/lib/use-file-download';

const UNSAFE = /[\\/:*?"<>|\s]+/g;
const fileName = (companyName: string | undefined, voteTypeName: string) =>
  `${[companyName, voteTypeName, '纸质选票']
    .filter((p): p is string => Boolean(p?.trim()))
    .map((p) => p.trim().replace(UNSAFE, '_'))
    .join('-')}.pdf`;

/** 谈话调研推荐: the printed numbers are a convenience, never a condition of keying. */
const TALK_NUMBERS =
  '每张表右上角印一个编号，可直接用作该次谈话的谈话序号。谈话记录在“录入谈话记录”中按谈话序号录入，不要求打印过编号（用空白表或不打印也可录入），每个谈话序号只能录入一次。';

export interface PaperPrintDialogProps {
  /** The vote type to print; undefined keeps the dialog closed. */
  voteType?: Pick<VoteType, 'id' | 'name' | 'access_mode' | 'expected_voters' | 'status'> &
    Partial<Pick<VoteType, 'recommendation_mode'>>;
  companyName?: string;
  onClose: () => void;
  /** Codes were issued for the sheets: the caller refreshes what counts them. */
  onPrinted?: () => void;
}

/**
 * 打印纸质选票: N copies of the official form as one PDF. In codes mode every sheet carries a new one-time
 * code (issued now, counted as handed out) unless blank forms are asked for; in link mode every sheet
 * carries the next number of the vote type (a print run: only printed numbers are keyed), which the
 * dialog states before printing and, once printed, as the run's numbers. 谈话调研推荐 (link mode, keyed by
 * 谈话序号 without any print) gets the same numbered 民主推荐票 as record forms, and the text says so: a
 * printed number may serve as the 谈话序号, and nothing needs printing to be keyed.
 */
export function PaperPrintDialog({ voteType, companyName, onClose, onPrinted }: PaperPrintDialogProps) {
  const download = useFileDownload();
  const [copies, setCopies] = useState<number | null>(null);
  const [blank, setBlank] = useState(false);
  const [busy, setBusy] = useState(false);
  /** Link mode: the numbers the last print of this dialog printed. */
  const [printed, setPrinted] = useState<{ first: number; last: number }>();
  const codes = voteType?.access_mode === 'codes';
  const numbered = voteType?.access_mode === 'link';
  const talk = voteType?.recommendation_mode === 'talk';
  const count = copies ?? voteType?.expected_voters ?? 30;
  const withCodes = codes && !blank;
  // Link mode: the numbers printed so far, so the dialog can say which this print gets.
  const counts = useQuery({
    queryKey: ['paper', voteType?.id, 'print-counts'],
    queryFn: () => getPaperCounts(voteType!.id),
    enabled: numbered && voteType !== undefined,
  });
  const next = (counts.data?.last_number ?? 0) + 1;

  const print = async () => {
    if (!voteType || !count) return;
    setBusy(true);
    const done = await download(
      `paper-${voteType.id}`,
      { building: '正在生成纸质选票', failed: '纸质选票下载失败，请重试' },
      (onProgress) =>
        downloadPaperBallots(voteType.id, count, blank, fileName(companyName, voteType.name), onProgress),
    );
    setBusy(false);
    if (!done) return;
    if (withCodes) onPrinted?.();
    if (!numbered) {
      onClose();
      return;
    }
    // The run is the numbers after the last printed before it: read them back as the server stored them.
    const after = await counts.refetch();
    const last = after.data?.last_number;
    setPrinted(last === undefined ? undefined : { first: last - count + 1, last });
    onPrinted?.();
  };

  return (
    <Modal
      title={`${talk ? '打印谈话记录表' : '打印纸质选票'}${voteType ? `：${voteType.name}` : ''}`}
      open={voteType !== undefined}
      okText={printed ? '完成' : '下载 PDF'}
      cancelText="取消"
      confirmLoading={busy}
      okButtonProps={{ disabled: !count }}
      cancelButtonProps={{ style: printed ? { display: 'none' } : undefined }}
      onOk={() => (printed ? onClose() : void print())}
      onCancel={onClose}
      afterClose={() => {
        setCopies(null);
        setBlank(false);
        setPrinted(undefined);
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        {talk
          ? '按正式表样排版的 A4 民主推荐票，含全部推荐职位和参考人选，可用作谈话记录表：每次谈话一张，由谈话人员按谈话对象的意见填写，谈话后在“录入谈话记录”中按谈话序号录入。'
          : '按正式表样排版的 A4 选票，含全部测评对象和题目；投票人在纸上划圈、打勾，收回后在“纸质票录入”中录入，与手机投票一并计票。'}
      </Typography.Paragraph>
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 12 }}>
        <label htmlFor="kp-paper-copies">份数</label>
        <InputNumber
          id="kp-paper-copies"
          aria-label="打印份数"
          min={1}
          max={MAX_COPIES}
          precision={0}
          value={count}
          onChange={setCopies}
          suffix="份"
          style={{ width: 160 }}
        />
        <Typography.Text type="secondary">一次最多 {MAX_COPIES} 份</Typography.Text>
      </div>
      {!printed && (
        <Checkbox checked={blank} onChange={(e) => setBlank(e.target.checked)} style={{ marginBottom: 12 }}>
          {codes
            ? '打印空白表（不含测评码）'
            : talk
              ? '打印空白表（不含编号）'
              : '打印空白表（不含编号，不能录入，仅供查看）'}
        </Checkbox>
      )}
      {printed ? (
        <Alert
          type="success"
          showIcon
          data-testid="paper-print-numbers"
          title={`已打印编号 ${printed.first}–${printed.last}，共 ${printed.last - printed.first + 1} 份`}
          description={
            talk
              ? TALK_NUMBERS
              : '每张选票右上角印有编号。收回后在“纸质票录入”中按编号录入；只接受打印过的编号，每个编号只能计票一次。'
          }
        />
      ) : numbered && !blank ? (
        <Alert
          type="info"
          showIcon
          data-testid="paper-print-numbers"
          title={
            counts.data
              ? `本次打印编号 ${next}–${next + count - 1}，共 ${count} 份`
              : `本次打印 ${count} 份，每份印一个新编号`
          }
          description={
            talk
              ? TALK_NUMBERS
              : counts.data && counts.data.last_number > 0
                ? `编号接着已打印的 1–${counts.data.last_number} 往后排。收回后按编号录入，只接受打印过的编号。`
                : '每张选票右上角印一个编号。收回后在“纸质票录入”中按编号录入，只接受打印过的编号。'
          }
        />
      ) : withCodes ? (
        <Alert
          type="info"
          showIcon
          title={`将新发放 ${count} 个测评码（一批，计入发出数），每张选票印一个测评码和二维码`}
          description="收回的选票凭测评码录入（二维码供录入时扫描），每个测评码只能计票一次；纸质选票上的测评码不能用于手机投票。"
        />
      ) : (
        <Alert
          type={codes ? 'warning' : 'info'}
          showIcon
          title={
            codes ? '空白表不含测评码，每张右上角有“编号 ____”' : '空白表不含编号，每张右上角有“编号 ____”'
          }
          description={
            codes
              ? '测评码方式下空白表无法凭码核对、不能录入。'
              : talk
                ? '谈话人员可在“编号”处写上谈话序号；谈话记录按谈话序号录入，不要求打印过编号。'
                : '手写的编号不能录入：只接受打印时印上的编号。空白表仅供查看或宣讲。'
          }
        />
      )}
      {voteType && voteType.status !== 'open' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title={
            talk
              ? '该谈话调研推荐当前未在进行中，录入谈话记录需在进行中'
              : '该投票当前未在进行中，录入纸质票需在投票进行中'
          }
        />
      )}
    </Modal>
  );
}
