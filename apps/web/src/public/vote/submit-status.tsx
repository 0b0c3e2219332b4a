import type { SubmitState } from './use-submit';

export interface SubmitStatusProps {
  state: SubmitState;
  onRetry: () => void;
  /** Reads the vote type again (after a refusal that may come from a changed questionnaire). */
  onReload: () => void;
}

/**
 * What happened to the last submit. The alert text stays the same while the countdown runs, so a
 * screen reader announces the failure once, not every second.
 */
export function SubmitStatus({ state, onRetry, onReload }: SubmitStatusProps) {
  if (state.kind === 'sending') {
    return (
      <p className="kp-vote-note" role="status">
        正在提交，请稍候…
      </p>
    );
  }
  if (state.kind === 'waiting' || state.kind === 'offline') {
    return (
      <div className="kp-vote-error">
        <p role="alert">
          {state.kind === 'waiting' && state.storageFull
            ? '服务器存储空间不足，请告知会务工作人员。答卷已保存在本机，稍后自动重新提交。'
            : state.kind === 'waiting' && state.busy
              ? '服务器繁忙，答卷已保存在本机，稍后自动重新提交。'
              : '网络异常，答卷已保存在本机，请稍后重试。'}
        </p>
        <p className="kp-vote-muted">
          {state.kind === 'waiting'
            ? `将在 ${state.seconds} 秒后自动重试（第 ${state.retry} 次）。重试不会重复计票。`
            : '自动重试未成功。请检查网络连接后点击“重新提交”，重试不会重复计票。'}
        </p>
        <button type="button" className="kp-btn" onClick={onRetry}>
          {state.kind === 'waiting' ? '立即重试' : '重新提交'}
        </button>
      </div>
    );
  }
  if (state.kind === 'refused') {
    return (
      <div className="kp-vote-error">
        <p role="alert">提交未成功：{state.detail}</p>
        <p className="kp-vote-muted">答卷仍保存在本机。如投票内容已变更，可重新加载后再提交。</p>
        <button type="button" className="kp-btn" onClick={onReload}>
          重新加载投票内容
        </button>
      </div>
    );
  }
  return null;
}
