/**
 * Every signed-in user of a step holds a WebSocket on its instance, subscribed to the bell
 * ("notifications"); the chat partners also follow their chat task's messages. The sockets answer
 * the hub's pings like the web client does, and count what they receive.
 */
import WebSocket from 'ws';
import { topicName } from '../../src/shared/realtime';
import { cookieOf } from './journeys';
import { uuidOf } from './seed';

export interface SocketPool {
  /** Opens sockets until `count` clients and `count` experts (numbers from `first`) are connected. */
  grow(count: number): Promise<void>;
  stats(): { open: number; failed: number; closed: number; events: number };
  close(): void;
}

export function socketPool(origin: string, first: number): SocketPool {
  const sockets: WebSocket[] = [];
  let failed = 0;
  let closed = 0;
  let events = 0;
  let perRole = 0;
  const url = origin.replace('http', 'ws') + '/api/realtime';
  const open = (role: 'client' | 'expert', n: number) =>
    new Promise<void>((resolve) => {
      const socket = new WebSocket(url, { headers: { origin, cookie: cookieOf(n, role) } });
      // Ready once both subscriptions are answered: a step starts with its users connected, not
      // with all of them signing in within the same few milliseconds of its first second.
      let answered = 0;
      const answer = () => {
        if (++answered === 2) resolve();
      };
      socket.on('open', () => {
        socket.send(JSON.stringify({ type: 'subscribe', topic: topicName.notifications() }));
        socket.send(JSON.stringify({ type: 'subscribe', topic: topicName.taskMessages(uuidOf('7', n - 1)) }));
        sockets.push(socket);
      });
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { type: string; topic?: string };
        if (frame.type === 'ping') socket.send('{"type":"pong"}');
        else if (frame.type === 'event') events++;
        else if (frame.type === 'subscribed') answer();
        else if (frame.type === 'error') {
          failed++;
          if (frame.topic) answer();
        }
      });
      socket.on('error', () => {
        failed++;
        resolve();
      });
      socket.on('close', () => {
        closed++;
        resolve();
      });
    });
  return {
    async grow(count) {
      const opening: Promise<void>[] = [];
      for (let n = perRole + 1; n <= count; n++) {
        opening.push(open('client', first + n), open('expert', first + n));
      }
      perRole = Math.max(perRole, count);
      await Promise.all(opening);
    },
    stats: () => ({ open: sockets.filter((s) => s.readyState === WebSocket.OPEN).length, failed, closed, events }),
    close() {
      for (const socket of sockets) socket.terminate();
    },
  };
}
