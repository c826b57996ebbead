import { afterEach, describe, expect, it } from 'vitest';
import { log, requestContext, requestLineLog, setLogSink } from './logger';

describe('the request-line logger', () => {
  const previousLevel = log.level;
  afterEach(() => {
    log.level = previousLevel;
  });

  it('writes to the same sink at the root level, with the request id, and stops when the root is silenced', () => {
    const lines: string[] = [];
    const previousSink = setLogSink({ write: (line: string) => void lines.push(line) });
    try {
      log.level = 'info';
      requestContext.run({ reqId: 'req-1', queries: 0 }, () => {
        requestLineLog().info({ req: { method: 'GET', route: '/api/tasks/:id' }, res: { status: 200 } }, 'request');
        // Every other line keeps its redaction.
        log.info({ body: { password: 'hunter2' }, token: 'abc' }, 'other');
      });
      log.level = 'silent';
      requestLineLog().info({ req: { method: 'GET', route: '/x' } }, 'request');
    } finally {
      setLogSink(previousSink);
    }
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed).toHaveLength(2);
    expect(parsed[0]).toMatchObject({ reqId: 'req-1', req: { method: 'GET', route: '/api/tasks/:id' }, msg: 'request' });
    expect(parsed[1]).toMatchObject({ reqId: 'req-1', body: { password: '[redacted]' }, token: '[redacted]' });
    expect(lines.join('')).not.toContain('hunter2');
  });
});
