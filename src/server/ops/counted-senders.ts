import type { Metrics } from './metrics';

/**
 * Counts every send at the provider interface, sent or failed, whoever calls it (the email and push
 * paths of any module, delivery jobs included): the adapter is wrapped once where it is created.
 * The adapter's own `send` is replaced in place, so its other fields stay as they are and a test's
 * spy on `send` still wraps the counted one.
 */
export function countedSender<T extends { send(message: never): Promise<void> }>(
  sender: T,
  channel: 'email' | 'push' | 'sms',
  metrics: Pick<Metrics, 'delivery'>,
): T {
  const send = sender.send.bind(sender) as (message: unknown) => Promise<void>;
  (sender as { send(message: unknown): Promise<void> }).send = async (message: unknown) => {
    try {
      await send(message);
      metrics.delivery({ channel, outcome: 'sent' });
    } catch (error) {
      metrics.delivery({ channel, outcome: 'failed' });
      throw error;
    }
  };
  return sender;
}
