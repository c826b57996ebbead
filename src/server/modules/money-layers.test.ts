import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The money modules import in one direction only (docs/decisions/0322): each may import the ones to its
 * right, never one to its left. checkout (the payment routes of a task) -> disputes -> holds -> tasks ->
 * payments -> the payment provider. Tests and test helpers are left out: they assemble whole flows.
 */
const LAYERS = [
  'modules/checkout',
  'modules/disputes',
  'modules/holds',
  'modules/tasks',
  'modules/payments',
  'providers/payments',
] as const;

const serverRoot = resolve(__dirname, '..');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(join(serverRoot, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-helpers)?\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** file (relative to src/server, without extension) -> the files it imports inside src/server. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of LAYERS.flatMap(sourceFiles)) {
    const text = readFileSync(join(serverRoot, file), 'utf8');
    const targets: string[] = [];
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      if (!specifier.startsWith('.')) continue;
      targets.push(relative(serverRoot, resolve(serverRoot, dirname(file), specifier)));
    }
    graph.set(file.replace(/\.tsx?$/, ''), targets);
  }
  return graph;
}

const layerOf = (file: string) => LAYERS.findIndex((layer) => file === layer || file.startsWith(`${layer}/`));

describe('the money modules import in one direction', () => {
  const graph = importGraph();

  it('reads the modules (the check is not vacuous)', () => {
    expect(graph.get('modules/checkout/payments.service')).toContain('modules/payments/task-payments');
    expect(graph.get('modules/holds/hold-jobs')).toContain('modules/holds/auto-release');
    expect([...graph.keys()].filter((file) => file.startsWith('modules/holds/')).length).toBeGreaterThan(5);
  });

  it('has no arrow from a lower module to a higher one', () => {
    const upward: string[] = [];
    for (const [file, targets] of graph) {
      for (const target of targets) {
        const to = layerOf(target);
        if (to >= 0 && to < layerOf(file)) upward.push(`${file} -> ${target}`);
      }
    }
    expect(upward, `order: ${LAYERS.join(' -> ')}`).toEqual([]);
  });

  it('has no import cycle between files', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const target of graph.get(file) ?? []) if (graph.has(target)) visit(target, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
