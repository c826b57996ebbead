/**
 * The API bench's "before" (issue 55): BENCH_API_BEFORE=<git ref> checks that commit out into a
 * throwaway worktree (sharing this checkout's node_modules) and serves its own api-server.ts, so
 * the old and the new code are loaded by the same autocannon client, against the same bare Hono
 * route, in the same run. Unset: no "before" rows.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface BeforeCheckout {
  ref: string;
  /** The checkout's scripts/bench/api-server.ts. */
  script: string;
  remove(): void;
}

export function checkoutBefore(ref = process.env.BENCH_API_BEFORE): BeforeCheckout | null {
  if (!ref) return null;
  const root = resolve('.');
  const dir = join(mkdtempSync(join(tmpdir(), 'bench-before-')), 'tree');
  execFileSync('git', ['worktree', 'add', '--detach', dir, ref], { cwd: root, stdio: 'ignore' });
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  const script = join(dir, 'scripts/bench/api-server.ts');
  if (!existsSync(script)) throw new Error(`${ref} has no scripts/bench/api-server.ts`);
  return {
    ref,
    script,
    remove() {
      execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
