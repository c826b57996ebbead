import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { applyKeepAlive } from './keep-alive';
import { closeServer } from './shutdown';

/**
 * A browser or a load balancer keeps its connections open as long as the server lets it: the
 * request in flight when the shutdown begins must not hold the server open for the whole keep-alive.
 */
describe('closing the HTTP server on shutdown, with a long keep-alive', () => {
  let server: Server | undefined;
  const agent = new Agent({ keepAlive: true });
  afterEach(() => {
    agent.destroy();
    server?.closeAllConnections();
  });

  it('ends a connection whose request was in flight as soon as it is answered, and an idle one at once', async () => {
    server = createServer((_req, res) => void setTimeout(() => res.end('ok'), 300));
    applyKeepAlive(server, 65_000);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const get = () =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
    // Two connections in the agent's pool; then one of them carries a request, the other stays idle.
    expect(await Promise.all([get(), get()])).toEqual([200, 200]);
    const inFlight = get();
    await new Promise((resolve) => setTimeout(resolve, 100));

    const started = Date.now();
    await Promise.all([closeServer(server), inFlight.then((status) => expect(status).toBe(200))]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
