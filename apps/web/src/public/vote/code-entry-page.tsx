import { useId, useState, type FormEvent } from 'react';
import { CodeInput } from './code-input';
import { CODE_LENGTH, formatCode, normalizeCode } from '@kaoping/contracts/ballot-codes';
import type { PublicVoteTypeView } from '@kaoping/contracts/public-vote-types';
import { TestBanner } from './ballot-flow';
import './code-pages.css';

export interface CodeEntryPageProps {
  view: PublicVoteTypeView;
  /** What to show in the box (a code that was refused), and why it was refused. */
  initial?: string;
  error?: string;
  /** The server is checking the code just entered. */
  checking: boolean;
  /** A well-formed code (stored form), to be checked by the server. */
  onSubmit: (code: string) => void;
}

/**
 * A codes-mode link opened without a code: the voter types the one on their slip. Typing is forgiving
 * (case, spaces and dashes do not matter); a look-alike character gets a message saying what to check.
 */
export function CodeEntryPage({ view, initial = '', error, checking, onSubmit }: CodeEntryPageProps) {
  const [typed, setTyped] = useState(initial);
  const [problem, setProblem] = useState<string>();
  // The server's verdict on the last code stays until the voter changes what they typed.
  const [edited, setEdited] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = normalizeCode(typed);
    if (!n.ok) {
      setProblem(n.detail);
      return;
    }
    setProblem(undefined);
    setEdited(false);
    setTyped(formatCode(n.code));
    onSubmit(n.code);
  };

  const shown = checking ? undefined : (problem ?? (edited ? undefined : error));
  return (
    <main className="kp-vote kp-code">
      <header className="kp-vote-head">
        <TestBanner view={view} />
        <p className="kp-vote-company">{view.company.name}</p>
        <h1 className="kp-vote-title">{view.vote_type.name}</h1>
      </header>
      <form className="kp-card kp-code-card" onSubmit={submit} noValidate>
        <h2 className="kp-vote-h2">请输入测评码</h2>
        <p className="kp-vote-muted" id={hintId}>
          测评码印在您领取的测评纸条上，共 {CODE_LENGTH} 位字母和数字。不区分大小写，短横线和空格可以不输。
        </p>
        <CodeInput
          inputId={inputId}
          hintId={hintId}
          errorId={errorId}
          label="测评码"
          value={typed}
          onChange={(value) => {
            setTyped(value);
            setProblem(undefined);
            setEdited(true);
          }}
          placeholder="例如 K7QX-M3PD-9R"
          maxLength={24}
          error={shown}
        />
        <button type="submit" className="kp-btn kp-btn-primary kp-code-go" disabled={checking}>
          {checking ? '正在核对…' : '开始投票'}
        </button>
        <p className="kp-vote-muted kp-code-note">
          测评码只用于确认每人投票一次，与您的答卷没有任何关联，投票是匿名的。
        </p>
      </form>
    </main>
  );
}
