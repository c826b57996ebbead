import type { Metrics } from './metrics';

/**
 * Counts every send at the provider interface, sent or failed, whoever calls it (the email and push
 * paths of any module, delivery jobs included): the adapter is wrapped once where it is created.
 */
export function countedSender<T extends { send(message: never): Promise<void> }>(
  sender: T,
  channel: 'email' | 'push' | 'sms',
  metrics: Pick<Metrics, 'delivery'>,
): T {
  const send = sender.send.bind(sender) as (message: unknown) => Promise<void>;
  async function countedSend(message: unknown) {
    try {
      await send(message);
      metrics.delivery({ channel, outcome: 'sent' });
    } catch (error) {
      metrics.delivery({ channel, outcome: 'failed' });
      throw error;
    }
  }
  // A proxy keeps the adapter's own fields and getters (kind, test helpers) as they are.
  return new Proxy(sender, {
    get: (target, property) => (property === 'send' ? countedSend : Reflect.get(target, property)),
  });
}
