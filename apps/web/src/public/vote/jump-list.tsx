import { useEffect, useRef } from 'react';

export interface JumpEntry {
  label: string;
  done: boolean;
}

export interface JumpListProps {
  entries: JumpEntry[];
  index: number;
  onGo: (index: number) => void;
  onClose: () => void;
}

/** Every step with whether it is complete; choosing one goes there. Escape closes it. */
export function JumpList({ entries, index, onGo, onClose }: JumpListProps) {
  const current = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    current.current?.focus();
    current.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  const item = (i: number, text: string, note: string, done: boolean) => (
    <li key={i}>
      <button
        ref={i === index ? current : undefined}
        type="button"
        className={`kp-vote-jump-item${done ? ' is-done' : ''}`}
        aria-current={i === index ? 'step' : undefined}
        onClick={() => onGo(i)}
      >
        <span className="kp-vote-jump-label">{text}</span>
        <span className="kp-vote-jump-note">{note}</span>
      </button>
    </li>
  );

  return (
    <>
      <div className="kp-vote-jump-backdrop" onClick={onClose} aria-hidden="true" />
      <div
        id="kp-vote-jump"
        className="kp-vote-jump"
        role="dialog"
        aria-label="答题目录"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      >
        <div className="kp-vote-jump-head">
          <strong>答题目录</strong>
          <button type="button" className="kp-btn kp-vote-jump-close" onClick={onClose}>
            关闭
          </button>
        </div>
        <ol className="kp-vote-jump-list">
          {entries.map((e, i) => item(i, `${i + 1}. ${e.label}`, e.done ? '已完成' : '未完成', e.done))}
          {item(entries.length, '检查并提交', '', false)}
        </ol>
      </div>
    </>
  );
}
