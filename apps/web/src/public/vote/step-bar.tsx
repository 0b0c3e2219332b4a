import { useRef, useState } from 'react';
import { JumpList, type JumpEntry } from './jump-list';

export interface StepBarProps {
  /** The step on screen; `entries.length` is the review. */
  index: number;
  entries: JumpEntry[];
  onGo: (index: number) => void;
  onSubmit: () => void;
  sending: boolean;
}

/**
 * The bar at the bottom of the screen, under the voter's thumb: previous, where am I (which opens the
 * list of every step), next; on the review, submit.
 */
export function StepBar({ index, entries, onGo, onSubmit, sending }: StepBarProps) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const total = entries.length;
  const review = index >= total;
  const done = entries.filter((e) => e.done).length;

  const go = (i: number) => {
    setOpen(false);
    onGo(i);
  };

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <nav className="kp-vote-bar" aria-label="答题导航">
      {open && <JumpList entries={entries} index={index} onGo={go} onClose={close} />}
      <div className="kp-vote-bar-track" aria-hidden="true">
        <span style={{ width: `${total ? (done / total) * 100 : 100}%` }} />
      </div>
      <div className="kp-vote-bar-inner">
        <button type="button" className="kp-btn" onClick={() => go(index - 1)} disabled={index === 0}>
          上一项
        </button>
        <button
          ref={toggle}
          type="button"
          className="kp-btn kp-vote-bar-progress"
          aria-expanded={open}
          aria-controls="kp-vote-jump"
          aria-label={`${review ? '检查并提交' : `第 ${index + 1} 项，共 ${total} 项`}，已完成 ${done} 项，打开答题目录`}
          onClick={() => setOpen((o) => !o)}
        >
          <span>{review ? '检查' : `${index + 1}/${total}`}</span>
          <small>目录</small>
        </button>
        {review ? (
          <button type="button" className="kp-btn kp-btn-primary" onClick={onSubmit} disabled={sending}>
            {sending ? '提交中…' : '提交'}
          </button>
        ) : (
          <button type="button" className="kp-btn kp-btn-primary" onClick={() => go(index + 1)}>
            {index === total - 1 ? '去提交' : '下一项'}
          </button>
        )}
      </div>
    </nav>
  );
}
