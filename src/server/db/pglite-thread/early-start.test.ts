import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pgliteTemplateDump } from '../../test/test-db';
import { openDatabase } from '../client';
import { startPgliteEarly, takeEarlyPglite } from './early-start';

describe('PGlite worker started early (the compiled server launcher)', () => {
  let template: Blob;
  beforeAll(async () => {
    template = await pgliteTemplateDump();
  });

  it('is the one openDatabase uses for the same data directory', async () => {
    // Started from the migrated template: a new PGlite without it would not have the settings table.
    startPgliteEarly({ dataDir: 'memory://', loadDataDir: template });
    const handle = await openDatabase({ dataDir: 'memory://', migrate: false, pgliteThread: 'worker' });
    try {
      const result = await handle.db.execute(sql`select count(*)::int as rows from system_settings`);
      expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ rows: 1 }]);
      expect(takeEarlyPglite('memory://')).toBeUndefined();
    } finally {
      await handle.close();
    }
  });

  it('is not used for another data directory', async () => {
    startPgliteEarly({ dataDir: 'memory://early', loadDataDir: template });
    expect(takeEarlyPglite('memory://other')).toBeUndefined();
    // Handed over once only, even when refused.
    expect(takeEarlyPglite('memory://early')).toBeUndefined();
  });
});
