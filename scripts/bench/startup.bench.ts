import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BenchRow {
  name: string;
  value: string;
}

/** Time from starting the server on an empty data folder (migrations + demo seed) to its first 200. */
export async function benchStartup(port = 3190): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  const startedAt = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: `http://localhost:${port}` },
    stdio: 'ignore',
  });
  try {
    const deadline = startedAt + 120_000;
    while (performance.now() < deadline) {
      try {
        const response = await fetch(`http://localhost:${port}/api/config`);
        if (response.status === 200) {
          const elapsed = performance.now() - startedAt;
          return [{ name: 'start on an empty data folder to first 200', value: `${(elapsed / 1000).toFixed(2)} s` }];
        }
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the server did not answer within 120 s');
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
