import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { systemSettings } from '../../db/schema';
import { countStatements } from '../../test/statement-counter';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

// The maintenance flag was read on every API write; it is now remembered until system_settings is
// written (maintenance.middleware.ts). Switching it must still apply to the very next write.
let t: TestApp;
let client: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  client = await t.createUser('client');
  admin = await t.createUser('admin');
});
afterAll(async () => t?.close());

const write = () => t.request('POST', '/api/notifications/read-all', { cookie: client.cookie, body: {} });
const readsOfTheFlag = (statements: readonly string[]) =>
  statements.filter((text) => /\bsystem_settings\b/.test(text)).length;

describe('the maintenance flag on API writes', () => {
  it('is read once for many writes while nothing changes it', async () => {
    expect((await write()).status).toBe(200);
    const counter = countStatements(t.db);
    try {
      for (let i = 0; i < 3; i += 1) expect((await write()).status).toBe(200);
      expect(readsOfTheFlag(counter.statements)).toBe(0);
    } finally {
      counter.restore();
    }
  });

  it('applies to the very next write when switched, on and off, by any statement', async () => {
    expect((await write()).status).toBe(200);
    await t.db.update(systemSettings).set({ maintenance_mode: true }).where(eq(systemSettings.id, 1));
    expect((await write()).status).toBe(503);
    await t.db.transaction(async (tx) => {
      await tx.update(systemSettings).set({ maintenance_mode: false }).where(eq(systemSettings.id, 1));
    });
    expect((await write()).status).toBe(200);
  });

  it('applies at once when an admin switches it in the settings', async () => {
    const saveSettings = (maintenance_mode: boolean) =>
      t.request('PUT', '/api/admin/settings', {
        cookie: admin.cookie,
        body: {
          platform_fee_percent: 10,
          min_task_price: 500,
          max_task_price: 100_000,
          maintenance_mode,
          footer_text: 'Footer',
          contact_email: 'support@example.com',
        },
      });
    expect((await write()).status).toBe(200);
    expect((await saveSettings(true)).status).toBe(200);
    expect((await write()).status).toBe(503);
    expect((await saveSettings(false)).status).toBe(200);
    expect((await write()).status).toBe(200);
  });

  it('is read again after any change to the settings row, then remembered again', async () => {
    expect((await write()).status).toBe(200);
    const counter = countStatements(t.db);
    try {
      await t.db.update(systemSettings).set({ footer_text: 'A new footer' }).where(eq(systemSettings.id, 1));
      counter.reset();
      expect((await write()).status).toBe(200);
      expect(readsOfTheFlag(counter.statements)).toBe(1);
      // On PostgreSQL the update's own NOTIFY arrives a moment later and costs one more read.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await write()).status).toBe(200);
      counter.reset();
      expect((await write()).status).toBe(200);
      expect((await write()).status).toBe(200);
      expect(readsOfTheFlag(counter.statements)).toBe(0);
    } finally {
      counter.restore();
      await t.db.update(systemSettings).set({ footer_text: null }).where(eq(systemSettings.id, 1));
    }
  });
});
