/**
 * The hottest functions of the server's CPU profiles from `LOAD_CPU_PROF=1 npm run load`
 * (.tmp/load/prof/*.cpuprofile, node --cpu-prof): self time per function and file, top 20.
 * Run: node --import tsx scripts/load/profile-summary.ts [dir]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const dir = process.argv[2] ?? '.tmp/load/prof';
for (const file of readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)!.callFrame;
    const where = frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/');
    const key = `${frame.functionName || '(anonymous)'}  ${where}:${frame.lineNumber + 1}`;
    const delta = profile.timeDeltas[index] ?? 0;
    self.set(key, (self.get(key) ?? 0) + delta);
    total += delta;
  });
  console.log(`\n${file}: ${(total / 1e6).toFixed(1)} s sampled`);
  for (const [key, micros] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`  ${((micros / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
  }
}
