import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { RealtimeEvent } from '@shared/realtime';
import { realtime } from './realtime';

/** Whether the tab's socket is open: polling fallbacks run only while it is not. */
export function useRealtimeConnected(): boolean {
  return useSyncExternalStore(realtime.subscribeStatus, () => realtime.status() === 'open', () => false);
}

/** A channel on `topic` for as long as the component shows (none while topic is null). */
export function useRealtimeChannel(
  prefix: string,
  id: string | undefined,
  topic: string | null,
  onEvent: (event: RealtimeEvent) => void,
  onError?: (message: string) => void,
  isExpectedRefusal?: (message: string) => boolean,
  onSubscribed?: () => void,
) {
  const handlers = useRef({ onEvent, onError, isExpectedRefusal, onSubscribed });
  useEffect(() => {
    handlers.current = { onEvent, onError, isExpectedRefusal, onSubscribed };
  });
  useEffect(() => {
    if (!topic) return;
    return realtime.channel(prefix, id, topic, {
      onEvent: (event) => handlers.current.onEvent(event),
      onError: (message) => handlers.current.onError?.(message),
      isExpectedRefusal: (message) => handlers.current.isExpectedRefusal?.(message) ?? false,
      onSubscribed: () => handlers.current.onSubscribed?.(),
    });
  }, [prefix, id, topic]);
}

/** Refreshes the given queries whenever an event arrives on `topic`. */
export function useRealtimeInvalidate(prefix: string, id: string | undefined, topic: string | null, keys: QueryKey[]) {
  const queryClient = useQueryClient();
  const keysRef = useRef(keys);
  useEffect(() => {
    keysRef.current = keys;
  });
  useRealtimeChannel(prefix, id, topic, () => {
    for (const queryKey of keysRef.current) void queryClient.invalidateQueries({ queryKey });
  });
}
