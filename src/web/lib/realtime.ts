import { RECONNECT_ELSEWHERE_CLOSE_CODE, REALTIME_PATH, RESYNC_CLOSE_CODE, type RealtimeEvent, type ServerFrame } from '@shared/realtime';

/**
 * One WebSocket per tab (spec 002 "Real-time subscriptions"). Screens open named channels on
 * topics; a channel's name is its prefix, an optional id, a timestamp and a random part, and
 * opening a channel removes any channel with the same prefix first. The socket reconnects with
 * backoff; after a reconnect (or a server "resync") every listener of onReconnect refetches.
 */
export interface ChannelHandlers {
  onEvent(event: RealtimeEvent): void;
  /** The server refused the topic or ended it (access lost). */
  onError?(message: string): void;
  /**
   * Whether a refusal is a state the screen already shows (the chat of a task the user is not a
   * party to): such a refusal is not logged as an error for the developer error monitor.
   */
  isExpectedRefusal?(message: string): boolean;
  /**
   * The server confirmed the channel's topic (its `subscribed` frame): its events reach this tab from
   * now on, after each (re)subscription. What a screen read before then may miss a change made in
   * between, which came with no live event: such a screen reads again here.
   */
  onSubscribed?(): void;
}

interface Channel extends ChannelHandlers {
  name: string;
  prefix: string;
  topic: string;
}

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';

const MAX_BACKOFF_MS = 30_000;
/** No frame (the server pings every 25 s) for this long means the connection is dead. */
const SILENCE_LIMIT_MS = 60_000;

export function channelName(prefix: string, id?: string, now = Date.now(), random = Math.random()): string {
  return [prefix, id, String(now), random.toString(36).slice(2, 10)].filter(Boolean).join('-');
}

export function backoffDelay(attempt: number, random = Math.random()): number {
  const base = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** attempt);
  return Math.round(base / 2 + (base / 2) * random);
}

export function createRealtimeClient(options: { url?: () => string; WebSocketImpl?: typeof WebSocket } = {}) {
  const channels = new Map<string, Channel>();
  const statusListeners = new Set<() => void>();
  const reconnectListeners = new Set<() => void>();
  const settingsListeners = new Set<() => void>();
  let socket: WebSocket | undefined;
  let status: RealtimeStatus = 'idle';
  let wanted = false;
  let attempt = 0;
  let everOpened = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;

  const urlOf =
    options.url ??
    (() => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${REALTIME_PATH}`);
  const Impl = options.WebSocketImpl ?? (typeof WebSocket === 'undefined' ? undefined : WebSocket);

  const setStatus = (next: RealtimeStatus) => {
    status = next;
    statusListeners.forEach((listener) => listener());
  };
  const topics = () => new Set([...channels.values()].map((channel) => channel.topic));
  const sendFrame = (frame: unknown) => {
    if (socket?.readyState === 1) socket.send(JSON.stringify(frame));
  };
  const refetchAll = () => reconnectListeners.forEach((listener) => listener());

  function armSilenceTimer() {
    if (silenceTimer) clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => socket?.close(), SILENCE_LIMIT_MS);
  }

  function onFrame(frame: ServerFrame) {
    armSilenceTimer();
    if (frame.type === 'ping') return sendFrame({ type: 'pong' });
    if (frame.type === 'resync') return refetchAll();
    if (frame.type === 'settings') return settingsListeners.forEach((listener) => listener());
    if (frame.type === 'subscribed') {
      for (const channel of channels.values()) if (channel.topic === frame.topic) channel.onSubscribed?.();
      return;
    }
    if (frame.type === 'event') {
      for (const channel of channels.values()) if (channel.topic === frame.topic) channel.onEvent(frame.event);
      return;
    }
    if (frame.type === 'error') {
      const refused = [...channels.values()].filter((channel) => channel.topic === frame.topic);
      const expected = refused.length > 0 && refused.every((channel) => channel.isExpectedRefusal?.(frame.message));
      // The developer error monitor counts these (it watches console.error for "subscription").
      if (!expected) console.error(`Realtime subscription error${frame.topic ? ` on ${frame.topic}` : ''}: ${frame.message}`);
      for (const channel of refused) channel.onError?.(frame.message);
    }
  }

  function open() {
    if (!Impl || !wanted || socket) return;
    setStatus('connecting');
    const ws = new Impl(urlOf());
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      setStatus('open');
      armSilenceTimer();
      for (const topic of topics()) sendFrame({ type: 'subscribe', topic });
      // What the screens show may have changed while the socket was away.
      if (everOpened) refetchAll();
      everOpened = true;
    };
    ws.onmessage = (message) => {
      try {
        onFrame(JSON.parse(String(message.data)) as ServerFrame);
      } catch {
        // Not a frame of ours.
      }
    };
    ws.onclose = (event?: { code?: number }) => {
      if (socket !== ws) return;
      socket = undefined;
      if (silenceTimer) clearTimeout(silenceTimer);
      setStatus('closed');
      if (!wanted) return;
      // A server shutting down asks for an immediate reconnect (to another instance), and so does one
      // that dropped this socket for reading too slowly (its events were lost: the reopen refetches
      // everything): a short random delay only, so that its clients do not all arrive in the same millisecond.
      if (event?.code === RECONNECT_ELSEWHERE_CLOSE_CODE || event?.code === RESYNC_CLOSE_CODE) {
        attempt = 0;
        retryTimer = setTimeout(open, Math.round(100 + Math.random() * 400));
        return;
      }
      retryTimer = setTimeout(open, backoffDelay(attempt));
      attempt += 1;
    };
    ws.onerror = () => {
      // onclose follows and schedules the retry.
    };
  }

  return {
    /** Opens the socket (signed in). Idempotent. */
    connect() {
      wanted = true;
      open();
    },
    /** Closes the socket and forgets nothing (signed out: channels unsubscribe themselves). */
    disconnect() {
      wanted = false;
      everOpened = false;
      if (retryTimer) clearTimeout(retryTimer);
      const current = socket;
      socket = undefined;
      current?.close();
      setStatus('idle');
    },
    /** Opens a channel, replacing one with the same prefix; returns its removal. */
    channel(prefix: string, id: string | undefined, topic: string, handlers: ChannelHandlers): () => void {
      const existing = channels.get(prefix);
      if (existing) removeChannel(existing);
      const channel: Channel = { ...handlers, prefix, topic, name: channelName(prefix, id) };
      const isNewTopic = !topics().has(topic);
      channels.set(prefix, channel);
      if (isNewTopic) sendFrame({ type: 'subscribe', topic });
      return () => {
        if (channels.get(prefix) === channel) removeChannel(channel);
      };
    },
    channelNames: () => [...channels.values()].map((channel) => channel.name),
    onReconnect(listener: () => void) {
      reconnectListeners.add(listener);
      return () => void reconnectListeners.delete(listener);
    },
    /** The public settings changed on the server (maintenance mode switched): issue 25, decision 0271. */
    onSettingsChange(listener: () => void) {
      settingsListeners.add(listener);
      return () => void settingsListeners.delete(listener);
    },
    status: () => status,
    subscribeStatus(listener: () => void) {
      statusListeners.add(listener);
      return () => void statusListeners.delete(listener);
    },
  };

  function removeChannel(channel: Channel) {
    channels.delete(channel.prefix);
    if (!topics().has(channel.topic)) sendFrame({ type: 'unsubscribe', topic: channel.topic });
  }
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;

/** The tab's one client. */
export const realtime = createRealtimeClient();
