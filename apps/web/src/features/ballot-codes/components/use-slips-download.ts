import { useState } from 'react';
import type { VoteType } from '@kaoping/contracts/vote-type';
import { App } from 'antd';
import { errorDetail } from '@/lib/api-client';
import { downloadSlips } from '../api/codes';
import { pdfName } from '../lib/file-names';

/** Downloads the slips PDF (unused codes, of one batch when given) with a progress and error message. */
export function useSlipsDownload(voteType: VoteType, companyName?: string) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const download = async (batch?: number) => {
    const key = `slips-${voteType.id}`;
    setBusy(true);
    message.open({ key, type: 'loading', content: '正在生成测评码纸条，请稍候…', duration: 0 });
    try {
      const what = batch ? `测评码纸条-第${batch}批` : '测评码纸条';
      const name = await downloadSlips(voteType.id, batch, pdfName(companyName, voteType.name, what));
      message.open({ key, type: 'success', content: `已下载 ${name}`, duration: 3 });
    } catch (err) {
      message.open({ key, type: 'error', content: errorDetail(err, '纸条下载失败，请重试'), duration: 5 });
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}
