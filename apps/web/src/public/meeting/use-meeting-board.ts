import { useEffect, useState } from 'react';
import { MEETING_REFRESH_MS } from '@kaoping/contracts/constants';
import type { MeetingBoard } from '@kaoping/contracts/meeting';
import { ApiError, publicRequest } from '@/lib/api-client';

/** How often the page asks by itself while the event stream is down. */
export const MEETING_POLL_MS = 2 * MEETING_REFRESH_MS;

export type MeetingState =
  | { kind: 'loading' }
  | { kind: 'gone' }
  | { kind: 'error' }
  | { kind: 'board'; board: MeetingBoard; live: boolean };

/**
 * The board of a share link, kept current by the server's event stream (within about a second of a
 * ballot); while the stream is down (a proxy that buffers it, a network drop) the page asks every two
 * seconds until events flow again. A revoked or wrong link ends on `gone`.
 */
export function useMeetingBoard(token: string): MeetingState {
  const [state, setState] = useState<MeetingState>({ kind: 'loading' });

  useEffect(() => {
    let stopped = false;
    let poller: ReturnType<typeof setInterval> | undefined;
    const show = (board: MeetingBoard, live: boolean) => {
      if (!stopped) setState({ kind: 'board', board, live });
    };
    const ask = async () => {
      try {
        show(await publicRequest<MeetingBoard>(`/public/meeting/${encodeURIComponent(token)}`), false);
      } catch (error) {
        if (stopped) return;
        if (error instanceof ApiError && error.status === 404) {
          setState({ kind: 'gone' });
          stop();
        } else setState((s) => (s.kind === 'board' ? { ...s, live: false } : { kind: 'error' }));
      }
    };
    const startPolling = () => {
      if (poller || stopped) return;
      void ask();
      poller = setInterval(() => void ask(), MEETING_POLL_MS);
    };
    const stopPolling = () => {
      clearInterval(poller);
      poller = undefined;
    };

    const source =
      typeof EventSource === 'undefined'
        ? null
        : new EventSource(`/api/v1/public/meeting/${encodeURIComponent(token)}/events`);
    function stop() {
      stopped = true;
      stopPolling();
      source?.close();
    }
    if (!source) startPolling();
    else {
      source.onmessage = (e: MessageEvent<string>) => {
        stopPolling();
        show(JSON.parse(e.data) as MeetingBoard, true);
      };
      source.addEventListener('gone', () => {
        setState({ kind: 'gone' });
        stop();
      });
      // The browser reconnects by itself; meanwhile the page asks on its own (and learns of a 404).
      source.onerror = () => startPolling();
    }
    return stop;
  }, [token]);

  return state;
}
