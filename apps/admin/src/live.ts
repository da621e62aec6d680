import { useEffect, useRef } from 'react';
import { useRefresh } from 'react-admin';
import { Channel, PushEvent, type StaffQueue } from '@casino/contracts';
import { api } from './http.ts';

type Listener = (queue: StaffQueue) => void;
const listeners = new Set<Listener>();
let started = false;

/**
 * The back office's live channel (`staff:queues` on the push hub): one connection per tab, opened
 * with a short staff token the session asks for (and asks again when it expires). A push says only
 * which queue changed; each screen reads again what its role may.
 */
function start() {
  if (started) return;
  started = true;
  void import('centrifuge').then(({ Centrifuge }) => {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const client = new Centrifuge(`${scheme}://${window.location.host}/connection/websocket`, {
      getToken: async () => (await api<{ token: string }>('/auth/push-token')).data.token,
    });
    const sub = client.newSubscription(Channel.staffQueues);
    sub.on('publication', ({ data }) => {
      const push = data as { event?: string; queue?: StaffQueue };
      if (push.event === PushEvent.queueChanged && push.queue) for (const listener of listeners) listener(push.queue);
    });
    sub.subscribe();
    client.connect();
  });
}

/** Calls `onChange` when one of `queues` changes (a withdrawal requested, a document reviewed…). */
export function useQueueChanges(queues: readonly StaffQueue[], onChange: () => void) {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);
  const key = queues.join(',');
  useEffect(() => {
    start();
    const listener: Listener = (queue) => {
      if (key.split(',').includes(queue)) latest.current();
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [key]);
}

/** In a list: reads it again when one of `queues` changes (a new withdrawal appears without a reload). */
export function LiveRefresh({ queues }: { queues: readonly StaffQueue[] }) {
  const refresh = useRefresh();
  useQueueChanges(queues, refresh);
  return null;
}
