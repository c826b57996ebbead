import type { ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import { errorField, log } from './logger';

interface ShutdownDeps {
  server: ServerType;
  extraServers?: ServerType[];
  context: { startDraining(): void; jobs: { stop(): Promise<void> }; close(): Promise<void> };
  database: { close(): Promise<void> };
  timeoutMs: number;
  exit?: (code: number) => void;
}

/**
 * Stops accepting; resolves once every open connection has ended (in-flight requests answered).
 * Keep-alive connections with no request in flight are closed at once; one still answering a
 * request gets a keep-alive of 1 ms once its answer is sent (Node reads the server's value then),
 * so it closes too: with HTTP_KEEP_ALIVE_TIMEOUT_MS (65 s) it held close() open for that long, past
 * SHUTDOWN_TIMEOUT_MS (decision 0482).
 */
export function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    const http = server as Server;
    if (typeof http.keepAliveTimeout === 'number') http.keepAliveTimeout = 1;
    server.close(() => resolve());
    http.closeIdleConnections?.();
  });
}

/**
 * SIGTERM/SIGINT (docs/decisions/0163): /readyz turns to "draining", the listener stops accepting,
 * realtime sockets are closed with 1012 (the web client reconnects at once, to another instance),
 * requests in flight and the running job finish, the job batch's other leases are released, the
 * database closes; a timer bounds the whole so the orchestrator never has to kill the process.
 */
export function createGracefulShutdown(deps: ShutdownDeps) {
  const exit = deps.exit ?? ((code: number) => process.exit(code));
  let stopping: Promise<void> | null = null;
  return (signal: string): Promise<void> => {
    stopping ??= (async () => {
      log.info({ signal, timeoutMs: deps.timeoutMs }, 'shutting down');
      const deadline = setTimeout(() => {
        log.error({ timeoutMs: deps.timeoutMs }, 'shutdown took too long; exiting with work unfinished');
        exit(1);
      }, deps.timeoutMs);
      deadline.unref();
      try {
        deps.context.startDraining();
        const closed = [deps.server, ...(deps.extraServers ?? [])].map(closeServer);
        // The running job finishes; the rest of its batch is handed back for another instance.
        await deps.context.jobs.stop();
        // Closes the sockets (1012), the change bus and push dispatch.
        await deps.context.close();
        await Promise.all(closed);
        await deps.database.close();
        clearTimeout(deadline);
        log.info({ signal }, 'shut down');
        exit(0);
      } catch (error) {
        log.error({ err: errorField(error) }, 'shutdown failed');
        exit(1);
      }
    })();
    return stopping;
  };
}
