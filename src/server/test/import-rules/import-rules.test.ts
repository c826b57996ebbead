import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The import rules of `.dependency-cruiser.cjs` (run by `npm run lint`), held against small trees written
 * for the purpose: each deliberately wrong import is refused under its rule's name, and the allowed
 * directions pass. The real tree is checked by lint itself.
 */
const repoRoot = resolve(__dirname, '../../../..');
const config = createRequire(__filename)(join(repoRoot, '.dependency-cruiser.cjs')) as { forbidden: unknown[] };
const roots: string[] = [];

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** Writes the files (path -> the paths it imports, relative to the tree) and cruises them with the real rules. */
async function violationsOf(files: Record<string, string[]>): Promise<Array<Pick<IViolation, 'from' | 'to'> & { rule: string }>> {
  const root = mkdtempSync(join(tmpdir(), 'import-rules-'));
  roots.push(root);
  for (const [file, imports] of Object.entries(files)) {
    const lines = imports.map((target, index) => {
      let specifier = relative(dirname(file), target.replace(/\.tsx?$/, ''));
      if (!specifier.startsWith('.')) specifier = `./${specifier}`;
      return `import { value as v${index} } from '${specifier}';\nexport const use${index} = v${index};`;
    });
    mkdirSync(join(root, dirname(file)), { recursive: true });
    writeFileSync(join(root, file), `${lines.join('\n')}\nexport const value = 1;\n`);
  }
  const result = await cruise(['src'], {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden } as never,
    tsPreCompilationDeps: true,
  }, { extensions: ['.ts', '.tsx'] });
  const output = result.output as ICruiseResult;
  return output.summary.violations.map((violation) => ({ rule: violation.rule.name, from: violation.from, to: violation.to }));
}

const rulesOf = async (files: Record<string, string[]>) => [...new Set((await violationsOf(files)).map((v) => v.rule))].sort();

describe('the import rules', () => {
  it('let modules import downwards, infrastructure and shared code', async () => {
    expect(
      await rulesOf({
        'src/server/modules/checkout/payments.service.ts': ['src/server/modules/payments/task-payments.ts', 'src/server/db/client.ts'],
        'src/server/modules/payments/task-payments.ts': ['src/server/providers/payments/payment-provider.ts', 'src/shared/constants.ts'],
        'src/server/providers/payments/payment-provider.ts': ['src/server/db/client.ts'],
        'src/server/db/client.ts': [],
        'src/shared/constants.ts': [],
        'src/web/features/admin/admin-page.tsx': ['src/web/components/table.tsx', 'src/shared/constants.ts'],
        'src/web/components/table.tsx': [],
      }),
    ).toEqual([]);
  });

  it('refuse an upward import between modules, such as the money order broken (payments -> checkout)', async () => {
    const found = await violationsOf({
      'src/server/modules/payments/task-payments.ts': ['src/server/modules/checkout/payments.service.ts'],
      'src/server/modules/checkout/payments.service.ts': [],
    });
    expect(found).toEqual([
      { rule: 'module-order', from: 'src/server/modules/payments/task-payments.ts', to: 'src/server/modules/checkout/payments.service.ts' },
    ]);
  });

  it('refuse a cycle between two modules, whichever way it is read', async () => {
    const found = await violationsOf({
      'src/server/modules/tasks/tasks.service.ts': ['src/server/modules/evidence/evidence.service.ts'],
      'src/server/modules/evidence/evidence.service.ts': ['src/server/modules/tasks/task-access.ts'],
      'src/server/modules/tasks/task-access.ts': [],
    });
    expect(found.map((v) => v.rule)).toEqual(['module-order']);
    expect(found[0]!.from).toBe('src/server/modules/tasks/tasks.service.ts');
  });

  it('refuse a cycle between files', async () => {
    expect(
      await rulesOf({
        'src/server/lib/a.ts': ['src/server/lib/b.ts'],
        'src/server/lib/b.ts': ['src/server/lib/a.ts'],
      }),
    ).toEqual(['no-circular']);
  });

  it('refuse providers, db and other infrastructure importing a module', async () => {
    const found = await violationsOf({
      'src/server/providers/email/email-provider.ts': ['src/server/modules/notifications/inbox.ts'],
      'src/server/db/client.ts': ['src/server/modules/tasks/tasks.repository.ts'],
      'src/server/modules/notifications/inbox.ts': [],
      'src/server/modules/tasks/tasks.repository.ts': [],
    });
    expect(found.map((v) => v.rule)).toEqual(['infrastructure-not-modules', 'infrastructure-not-modules']);
  });

  it('refuse a web feature importing another feature, the web importing the server, and shared importing either', async () => {
    expect(
      await rulesOf({
        'src/web/features/admin/admin-page.tsx': ['src/web/features/task-details/confirm-action.tsx'],
        'src/web/features/task-details/confirm-action.tsx': [],
      }),
    ).toEqual(['features-not-features']);
    expect(
      await rulesOf({
        'src/web/lib/api.ts': ['src/server/lib/errors.ts'],
        'src/server/lib/errors.ts': [],
      }),
    ).toEqual(['web-not-server']);
    expect(
      await rulesOf({
        'src/shared/constants.ts': ['src/web/lib/api.ts'],
        'src/web/lib/api.ts': [],
      }),
    ).toEqual(['shared-is-pure']);
  });

  it('refuse importing the composition root, a module missing from the order, and app-deps at run time', async () => {
    expect(
      await rulesOf({
        'src/server/ops/admin-create.ts': ['src/server/server-context.ts'],
        'src/server/server-context.ts': [],
      }),
    ).toEqual(['nothing-imports-the-root']);
    expect(
      await rulesOf({ 'src/server/modules/brand-new/thing.ts': ['src/shared/constants.ts'], 'src/shared/constants.ts': [] }),
    ).toEqual(['module-listed']);
    expect(
      await rulesOf({
        'src/server/modules/payments/task-payments.ts': ['src/server/app-deps.ts'],
        'src/server/app-deps.ts': [],
      }),
    ).toEqual(['app-deps-types-only']);
  });

  it('leave tests free to assemble whole flows', async () => {
    expect(
      await rulesOf({
        'src/server/modules/payments/task-payments.test.ts': ['src/server/modules/checkout/payments.service.ts'],
        'src/server/modules/checkout/payments.service.ts': [],
        'src/server/modules/payments/task-payments.ts': [],
      }),
    ).toEqual([]);
  });
});
