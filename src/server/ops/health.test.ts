import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/** The probes a load balancer and an orchestrator poll: each failing check turns /readyz to 503. */
describe('GET /healthz and /readyz', () => {
  let h: TestApp;
  const readyz = async () => {
    const response = await h.request('GET', '/readyz');
    return { status: response.status, body: await h.json<{ status: string; checks: Record<string, { ok: boolean; detail?: string }> }>(response) };
  };

  beforeAll(async () => {
    h = await createTestApp();
  });
  afterAll(async () => {
    vi.useRealTimers();
    await h.context.close().catch(() => undefined);
    await h.database.close().catch(() => undefined);
  });

  it('healthz answers while the process is alive, without a session', async () => {
    const response = await h.request('GET', '/healthz');
    expect(response.status).toBe(200);
    expect(await h.json(response)).toEqual({ status: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('is not ready while the job runner is stopped, and ready once it runs', async () => {
    let result = await readyz();
    expect(result.status).toBe(503);
    expect(result.body.checks.jobs).toEqual({ ok: false, detail: 'job runner stopped' });

    h.context.jobs.start();
    result = await readyz();
    expect(result.status).toBe(200);
    expect(result.body.status).toBe('ready');
    expect(result.body.checks).toEqual({
      database: { ok: true },
      migrations: { ok: true },
      listener: { ok: true },
      jobs: { ok: true },
    });
  });

  it('is not ready when the job runner has not ticked for over a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60_000);
    try {
      const result = await readyz();
      expect(result.status).toBe(503);
      expect(result.body.status).toBe('not_ready');
      expect(result.body.checks.jobs.ok).toBe(false);
      expect(result.body.checks.jobs.detail).toMatch(/^no job runner pass for \d+ s$/);
      expect(result.body.checks.database.ok).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    expect((await readyz()).status).toBe(200);
  });

  it('is not ready when the LISTEN connection is down', async () => {
    await h.context.realtime.bus.close();
    const result = await readyz();
    expect(result.status).toBe(503);
    expect(result.body.checks.listener).toEqual({ ok: false, detail: 'LISTEN connection down' });
    expect(result.body.checks.jobs.ok).toBe(true);
  });

  it('says draining once shutdown has begun', async () => {
    h.context.startDraining();
    const result = await readyz();
    expect(result.status).toBe(503);
    expect(result.body.status).toBe('draining');
  });

  it('is not ready when the database does not answer, and healthz still answers', async () => {
    await h.context.jobs.stop();
    await h.database.close();
    const result = await readyz();
    expect(result.status).toBe(503);
    expect(result.body.checks.database.ok).toBe(false);
    expect(result.body.checks.migrations).toEqual({ ok: false, detail: 'database unreachable' });
    expect((await h.request('GET', '/healthz')).status).toBe(200);
  });
});
