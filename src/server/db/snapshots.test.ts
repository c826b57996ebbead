import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

/**
 * The Drizzle snapshots describe the schema as the migrations leave it (decision 0432): `npm run
 * db:generate` on an unchanged schema writes nothing. A schema change without its migration (or a
 * hand-written migration without a snapshot) fails here. drizzle-kit runs on a copy of the
 * migrations folder, so the check never writes into the repository.
 */
describe('drizzle snapshots', () => {
  it('are up to date: drizzle-kit generate finds no schema change', () => {
    const root = `.tmp/snapshot-check-${randomUUID()}`;
    mkdirSync(root, { recursive: true });
    try {
      cpSync('src/server/db/migrations', `${root}/migrations`, { recursive: true });
      const before = readdirSync(`${root}/migrations`).sort();
      writeFileSync(
        `${root}/drizzle.config.ts`,
        `import { defineConfig } from 'drizzle-kit';\nexport default defineConfig({ dialect: 'postgresql', schema: './src/server/db/schema/index.ts', out: './${root}/migrations' });\n`,
      );
      const result = spawnSync(process.execPath, ['node_modules/drizzle-kit/bin.cjs', 'generate', '--config', `${root}/drizzle.config.ts`], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 60_000,
      });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain('No schema changes');
      expect(readdirSync(`${root}/migrations`).sort()).toEqual(before);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 90_000);
});
