import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { SubmissionReceipt } from '@kaoping/contracts/public-vote-types';
import { ApiError } from '@/lib/api-client';

/** Seconds before each automatic retry after a network failure or a server error. */
export const RETRY_DELAYS = [2, 4, 8, 16];
/** Automatic retries when the server says how long to wait (busy, or too many requests): it will answer. */
const HINTED_RETRIES = 10;

export type SubmitState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  /** Not delivered; an automatic retry follows in `seconds` (retry number `retry`). */
  | { kind: 'waiting'; seconds: number; retry: number; busy?: boolean; storageFull?: boolean }
  /** Not delivered and the automatic retries are used up: the voter retries by hand. */
  | { kind: 'offline' }
  /** The server answered no: its detail. */
  | { kind: 'refused'; detail: string };

// Statuses where the ballot may not have been judged at all: the same submission is simply sent again.
const retryable = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

interface Options {
  send: () => Promise<SubmissionReceipt>;
  onSuccess: (receipt: SubmissionReceipt) => void;
  /**
   * A 403 or 409 (already voted, cap reached, closed, code used or voided; the page decides by its
   * `code`): true when the page took over and shows the reason as a page of its own.
   */
  onRefusal: (refusal: ApiError) => Promise<boolean>;
}

/**
 * Sends the ballot. Every attempt carries the same submission_id (the caller's `send` builds it from
 * the draft), so retries are safe: the server stores one ballot and answers a replay with its receipt.
 */
export function useSubmit({ send, onSuccess, onRefusal }: Options) {
  const [state, setState] = useState<SubmitState>({ kind: 'idle' });
  const busy = useRef(false);
  const failures = useRef(0);
  const alive = useRef(true);
  const latest = useRef({ send, onSuccess, onRefusal });
  useLayoutEffect(() => {
    latest.current = { send, onSuccess, onRefusal };
  });

  const attempt = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setState({ kind: 'sending' });
    try {
      const receipt = await latest.current.send();
      failures.current = 0;
      if (alive.current) latest.current.onSuccess(receipt);
    } catch (err) {
      if (!alive.current) return;
      const status = err instanceof ApiError ? err.status : 0;
      const detail = err instanceof ApiError && err.detail ? err.detail : `提交失败（${status}）`;
      if (retryable(status)) {
        // A busy server (503) or a rate limit (429) says when to come back: wait exactly that long.
        const hinted =
          err instanceof ApiError && failures.current < HINTED_RETRIES ? err.retryAfter : undefined;
        const delay = hinted ?? RETRY_DELAYS[failures.current];
        failures.current += 1;
        setState(
          delay === undefined
            ? { kind: 'offline' }
            : {
                kind: 'waiting',
                seconds: delay,
                retry: failures.current,
                busy: hinted !== undefined,
                // The server's disk is full (503 STORAGE_FULL): nothing was stored; staff must free space.
                storageFull: err instanceof ApiError && err.code === 'STORAGE_FULL',
              },
        );
      } else if (
        err instanceof ApiError &&
        (status === 403 || status === 409) &&
        (await latest.current.onRefusal(err))
      ) {
        setState({ kind: 'idle' });
      } else {
        setState({ kind: 'refused', detail });
      }
    } finally {
      busy.current = false;
    }
  }, []);

  /** The voter's own tap: a fresh series of automatic retries. */
  const submit = useCallback(() => {
    failures.current = 0;
    void attempt();
  }, [attempt]);

  // The countdown to the next automatic retry, one second at a time (it is shown to the voter).
  useEffect(() => {
    if (state.kind !== 'waiting') return;
    const t = setTimeout(() => {
      if (state.seconds > 1) setState({ ...state, seconds: state.seconds - 1 });
      else void attempt();
    }, 1000);
    return () => clearTimeout(t);
  }, [state, attempt]);

  // Back online: no need to wait for the next scheduled retry.
  const stalled = state.kind === 'waiting' || state.kind === 'offline';
  useEffect(() => {
    if (!stalled) return;
    const online = () => void attempt();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [stalled, attempt]);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  return { state, submit };
}
