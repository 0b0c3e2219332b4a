import { useEffect, useId, useState, type FormEvent } from 'react';
import { CodeInput } from './code-input';
import { useNavigate } from 'react-router';
import { normalizeReceiptCode } from '@kaoping/contracts/ballot-codes';
import { PUBLIC_VOTE_DETAILS, type SubmissionReceipt } from '@kaoping/contracts/public-vote-types';
import { ApiError } from '@/lib/api-client';
import { useFragment } from '../lib/use-fragment';
import { usePublicGet } from '../lib/use-public-get';
import { RecordedReceipt, receiptPath } from './receipt-view';
import './vote.css';
import './vote-pages.css';
import './code-pages.css';

/** A receipt id as the server makes it (base64url, 16 characters or more). */
const RECEIPT_ID = /^[A-Za-z0-9_-]{16,64}$/;
/** A receipt link pasted whole: …/vote/result/{receipt_id}. */
const RECEIPT_LINK = /\/vote\/result\/([A-Za-z0-9_-]{16,64})\/?(?:[?#].*)?$/;

/** What the voter typed: a receipt code (shown form), a receipt id (from a link or typed), or why neither. */
function readTyped(typed: string): { code: string } | { id: string } | { problem: string } {
  const text = typed.trim();
  if (!text) return { problem: '请输入回执码' };
  const code = normalizeReceiptCode(text);
  if (code) return { code };
  const id = RECEIPT_LINK.exec(text)?.[1] ?? (RECEIPT_ID.test(text) ? text : null);
  return id ? { id } : { problem: PUBLIC_VOTE_DETAILS.receiptCodeInvalid };
}

/**
 * /vote/result: a voter who kept only the 回执码 (XXXX-XXXX, read off the success page) types it and
 * sees the receipt: unit, vote type, time, how many answered; never a choice. The code stays in the
 * address's fragment (#code=, never sent to the server; an old ?code= is moved there), so a reload shows
 * the same receipt. A pasted receipt link or id opens its page.
 */
export default function ReceiptLookupPage() {
  const [params, setParams] = useFragment();
  const navigate = useNavigate();
  const asked = normalizeReceiptCode(params.get('code') ?? '');
  const [typed, setTyped] = useState(asked ?? params.get('code') ?? '');
  const [problem, setProblem] = useState<string>();
  const got = usePublicGet<SubmissionReceipt>(asked ? `/public/polls/receipts/${asked}` : null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  useEffect(() => {
    document.title = '查询投票回执';
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const read = readTyped(typed);
    if ('problem' in read) {
      setProblem(read.problem);
      return;
    }
    setProblem(undefined);
    if ('id' in read) {
      void navigate(receiptPath(read.id));
      return;
    }
    setTyped(read.code);
    if (read.code === asked) got.retry();
    else setParams({ code: read.code });
  };

  const serverError = asked && !got.loading ? errorText(got.error) : undefined;
  const shown = problem ?? serverError;
  const receipt = asked && !problem ? got.data : null;
  return (
    <main className="kp-vote kp-code">
      <header className="kp-vote-head kp-code-card">
        <p className="kp-vote-company">考评 · 投票回执</p>
        <h1 className="kp-vote-title">查询投票回执</h1>
      </header>
      <form className="kp-card kp-code-card" style={{ marginBottom: 16 }} onSubmit={submit} noValidate>
        <h2 className="kp-vote-h2">请输入回执码</h2>
        <p className="kp-vote-muted" id={hintId}>
          回执码显示在投票成功的页面上，共 8 位字母和数字（如
          K7QX-M3PD）。不区分大小写，短横线和空格可以不输；也可以粘贴回执链接。
        </p>
        <CodeInput
          inputId={inputId}
          hintId={hintId}
          errorId={errorId}
          label="回执码"
          value={typed}
          onChange={(value) => {
            setTyped(value);
            setProblem(undefined);
          }}
          placeholder="例如 K7QX-M3PD"
          maxLength={200}
          error={shown}
        />
        <button type="submit" className="kp-btn kp-btn-primary kp-code-go" disabled={!!asked && got.loading}>
          {asked && got.loading ? '正在查询…' : '查询回执'}
        </button>
        <p className="kp-vote-muted kp-code-note">回执只证明答卷已计入统计，不显示您的任何选择。</p>
      </form>
      {receipt && (
        <section className="kp-card kp-code-card" aria-labelledby="kp-lookup-h">
          <h2 id="kp-lookup-h" className="kp-vote-h2">
            投票回执
          </h2>
          <RecordedReceipt receipt={receipt} />
        </section>
      )}
    </main>
  );
}

function errorText(error: unknown): string | undefined {
  if (!error) return undefined;
  if (error instanceof ApiError && error.responded && error.status < 500 && error.detail) return error.detail;
  return '网络异常，暂时无法查询回执，请检查网络后重试';
}
