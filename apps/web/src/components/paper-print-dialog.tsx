import { useState } from 'react';
import { MAX_PAPER_COPIES as MAX_COPIES } from '@kaoping/contracts/paper-ballots';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { Alert, Checkbox, InputNumber, Modal, Typography } from 'antd';
import { downloadPaperBallots } from '@/api/paper-ballots';
import { useFileDownload } from '@/lib/use-file-download';

const UNSAFE = /[\\/:*?"<>|\s]+/g;
const fileName = (companyName: string | undefined, voteTypeName: string) =>
  `${[companyName, voteTypeName, '纸质选票']
    .filter((p): p is string => Boolean(p?.trim()))
    .map((p) => p.trim().replace(UNSAFE, '_'))
    .join('-')}.pdf`;

export interface PaperPrintDialogProps {
  /** The vote type to print; undefined keeps the dialog closed. */
  voteType?: Pick<VoteType, 'id' | 'name' | 'access_mode' | 'expected_voters' | 'status'>;
  companyName?: string;
  onClose: () => void;
  /** Codes were issued for the sheets: the caller refreshes what counts them. */
  onPrinted?: () => void;
}

/**
 * 打印纸质选票: N copies of the official form as one PDF. In codes mode every sheet carries a new one-time
 * code (issued now, counted as handed out) unless blank forms are asked for; in link mode the forms are
 * blank with a 编号 field the keyer types in.
 */
export function PaperPrintDialog({ voteType, companyName, onClose, onPrinted }: PaperPrintDialogProps) {
  const download = useFileDownload();
  const [copies, setCopies] = useState<number | null>(null);
  const [blank, setBlank] = useState(false);
  const [busy, setBusy] = useState(false);
  const codes = voteType?.access_mode === 'codes';
  const count = copies ?? voteType?.expected_voters ?? 30;
  const withCodes = codes && !blank;

  const print = async () => {
    if (!voteType || !count) return;
    setBusy(true);
    const done = await download(
      `paper-${voteType.id}`,
      { building: '正在生成纸质选票', failed: '纸质选票下载失败，请重试' },
      (onProgress) =>
        downloadPaperBallots(
          voteType.id,
          count,
          !withCodes,
          fileName(companyName, voteType.name),
          onProgress,
        ),
    );
    setBusy(false);
    if (!done) return;
    if (withCodes) onPrinted?.();
    onClose();
  };

  return (
    <Modal
      title={voteType ? `打印纸质选票：${voteType.name}` : '打印纸质选票'}
      open={voteType !== undefined}
      okText="下载 PDF"
      cancelText="取消"
      confirmLoading={busy}
      okButtonProps={{ disabled: !count }}
      onOk={() => void print()}
      onCancel={onClose}
      afterClose={() => {
        setCopies(null);
        setBlank(false);
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        按正式表样排版的 A4
        选票，含全部测评对象和题目；投票人在纸上划圈、打勾，收回后在“纸质票录入”中录入，与手机投票一并计票。
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
      {codes && (
        <Checkbox checked={blank} onChange={(e) => setBlank(e.target.checked)} style={{ marginBottom: 12 }}>
          打印空白表（不含测评码）
        </Checkbox>
      )}
      {withCodes ? (
        <Alert
          type="info"
          showIcon
          title={`将新发放 ${count} 个测评码（一批，计入发出数），每张选票印一个测评码和二维码`}
          description="收回的选票凭测评码录入，每个测评码只能计票一次；投票人也可以扫码改用手机投票。"
        />
      ) : (
        <Alert
          type={codes ? 'warning' : 'info'}
          showIcon
          title="空白表不含测评码，每张右上角有“编号 ____”"
          description={
            codes
              ? '测评码方式下空白表无法凭码核对、不能录入；仅在改为公开链接方式后使用。'
              : '收回后由工作人员在每张选票上依次编号（1、2、3…），录入时输入编号。'
          }
        />
      )}
      {voteType && voteType.status !== 'open' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title="该投票当前未在进行中，录入纸质票需在投票进行中"
        />
      )}
    </Modal>
  );
}
