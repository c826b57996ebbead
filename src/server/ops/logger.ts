import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger } from 'pino';

/** What every line logged while a request runs carries (docs/decisions/0161). */
export interface RequestLogContext {
  reqId: string;
  /** Statements sent to the database while serving the request (db/statement-count.ts). */
  queries: number;
}

export const requestContext = new AsyncLocalStorage<RequestLogContext>();

/**
 * Keys whose values never reach a log line, wherever they sit in a logged object: passwords,
 * cookies, session and bearer tokens, one-time codes, provider secrets.
 */
export const REDACTED_PATHS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'code',
  'otp',
  'secret',
  'cookie',
  'authorization',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.code',
  '*.otp',
  '*.secret',
  '*.cookie',
  '*.authorization',
  '*.client_secret',
  '*.clientSecret',
];

/**
 * Standard output through pino's own asynchronous destination (SonicBoom): lines written while a
 * write is in flight are joined into the next one. process.stdout writes each line synchronously
 * when it is a pipe or a file, so a slow reader (a log shipper, a busy terminal) stalled every
 * request; the ops bench lost a quarter of its throughput to it (decision 0341). What is still
 * buffered is written synchronously when the process exits (graceful shutdown, a crash).
 * LOG_SYNC=1 writes every line at once instead, for debugging a process that dies hard.
 */
function stdoutDestination(): DestinationStream {
  if (process.env.LOG_SYNC === '1') return process.stdout;
  const destination = pino.destination({ dest: 1, sync: false });
  process.once('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // Not open yet or already closed: nothing was buffered.
    }
  });
  return destination;
}

/** The sink the root logger writes to: stdout, pretty-printed in development, or a test's capture. */
let sink: DestinationStream = stdoutDestination();
const forwarding: DestinationStream = { write: (line: string) => sink.write(line) };

function defaultLevel(): string {
  if (process.env.LOG_LEVEL) return process.env.LOG_LEVEL;
  // Tests print nothing unless a test captures the lines (setLogSink) or LOG_LEVEL asks for them.
  return process.env.NODE_ENV === 'test' || process.env.VITEST ? 'silent' : 'info';
}

/**
 * The server's one logger: JSON lines (pino), each with the request id of the request it was
 * logged in (AsyncLocalStorage), so modules log through it without passing a request around.
 */
export const log: Logger = pino(
  {
    level: defaultLevel(),
    base: undefined,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    mixin: () => {
      const context = requestContext.getStore();
      return context ? { reqId: context.reqId } : {};
    },
  },
  forwarding,
);

/**
 * The one line per request (http/request-log.ts), through the same sink, level and request id but
 * without the redaction pass: that line is built from a fixed set of fields that cannot carry a
 * secret (method, route pattern, status, duration, user id, request id), and redaction's copy of
 * its nested objects on every request cost more than the rest of the line (decision 0341). Every
 * other line is redacted as before.
 */
const requestLines: Logger = log.child({}, { redact: { paths: [] } });

/** The request-line logger, at the root logger's level (a child keeps the level it was made with). */
export function requestLineLog(): Logger {
  if (requestLines.level !== log.level) requestLines.level = log.level;
  return requestLines;
}

/** Sends the log lines elsewhere (a test's capture, pino-pretty); returns the previous sink. */
export function setLogSink(next: DestinationStream): DestinationStream {
  const previous = sink;
  sink = next;
  return previous;
}

/**
 * Development with a person watching (a terminal): lines pretty-printed by pino-pretty, imported
 * only then so that production and piped starts do not load it.
 */
export async function usePrettyLogsWhenWatched(env: { NODE_ENV: string }): Promise<void> {
  if (env.NODE_ENV !== 'development' || !process.stdout.isTTY || process.env.LOG_FORMAT === 'json') return;
  const { default: pretty } = await import('pino-pretty');
  setLogSink(pretty({ colorize: true, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname', sync: true }));
}

/** An error as a log field: message and stack, never the error's own enumerable extras (request bodies). */
export function errorField(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: String(error) };
}
