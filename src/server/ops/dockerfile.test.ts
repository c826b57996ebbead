import { readFileSync } from 'node:fs';
import { validate, ValidationSeverity } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';

/**
 * No container engine runs here: this checks what can be checked of the Dockerfile without one
 * (docs/decisions/0165): two stages, a non-root runtime that copies only the build's output, a
 * health check on /readyz, and an exec-form CMD so that SIGTERM reaches node.
 */
describe('Dockerfile', () => {
  const text = readFileSync('Dockerfile', 'utf8');
  const stages = text.split(/^FROM /m).slice(1);
  const runtime = stages.at(-1) ?? '';

  it('builds in one stage and runs in a slim second one as a non-root user', () => {
    expect(stages).toHaveLength(2);
    expect(stages[0]).toMatch(/AS build/);
    expect(stages[0]).toContain('npm ci');
    expect(stages[0]).toContain('npm run build');
    expect(runtime).toMatch(/^node:\S+-slim AS runtime/);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime.indexOf('USER node')).toBeLessThan(runtime.indexOf('CMD'));
    for (const line of runtime.split('\n').filter((entry) => entry.startsWith('COPY'))) expect(line).toContain('--from=build');
  });

  it('starts the compiled server with an exec-form CMD and checks readiness', () => {
    expect(runtime).toContain('CMD ["node", "dist/server/main.js"]');
    expect(runtime).toMatch(/HEALTHCHECK[\s\S]*\/readyz/);
    expect(runtime).toMatch(/NODE_ENV=production/);
  });

  it('passes a Dockerfile linter with every check an error', () => {
    // hadolint is a binary from GitHub, out of reach here; dockerfile-utils (the linter of the VS Code
    // Docker extension, on npm) checks syntax, instruction arguments, duplicates and casing.
    const error = ValidationSeverity.ERROR;
    const strict = {
      deprecatedMaintainer: error,
      directiveCasing: error,
      emptyContinuationLine: error,
      instructionCasing: error,
      instructionCmdMultiple: error,
      instructionEntrypointMultiple: error,
      instructionHealthcheckMultiple: error,
      instructionJSONInSingleQuotes: error,
      instructionWorkdirRelative: error,
    };
    expect(validate(text, strict).map((problem) => `line ${problem.range.start.line + 1}: ${problem.message}`)).toEqual([]);
    // The linter does catch mistakes (so this check can fail).
    expect(validate('FROM node:20\nEXPOSE abc\nCMD node a\nCMD node b\n', strict)).toHaveLength(2);
  });

  it('ships the operator tools that npm run admin:create runs in the image', () => {
    expect(runtime).toContain('/app/scripts/ops/server-tool.mjs ./scripts/ops/server-tool.mjs');
    expect(readFileSync('scripts/build/server.mjs', 'utf8')).toContain("'admin-create': 'src/server/tools/admin-create.ts'");
    expect(JSON.parse(readFileSync('package.json', 'utf8')).scripts['admin:create']).toBe('node scripts/ops/server-tool.mjs admin-create');
  });

  it('runs a current Node LTS, ships only the runtime packages, and never copies local settings', () => {
    for (const stage of stages) expect(stage).toMatch(/^node:24-bookworm-slim /);
    expect(stages[0]).toContain('npm prune --omit=dev && node scripts/build/prune-runtime.mjs');
    expect(readFileSync('.dockerignore', 'utf8').split('\n')).toContain('.env*');
  });

  it('compose takes the secret from the environment with no default, and catches mail', () => {
    const compose = readFileSync('compose.yaml', 'utf8');
    expect(compose).toMatch(/AUTH_SECRET: \$\{AUTH_SECRET:\?/);
    expect(compose).not.toMatch(/AUTH_SECRET: \$\{AUTH_SECRET:-/);
    expect(compose).toMatch(/^ {2}mail:\n {4}# .*\n {4}image: axllent\/mailpit/m);
    expect(compose).toContain('SMTP_URL: smtp://mail:1025');
  });

  it('the build writes what the runtime stage starts', () => {
    const build = readFileSync('scripts/build/server.mjs', 'utf8');
    expect(build).toContain("entryPoints: { main: 'src/server/main.ts' }");
    expect(build).toContain("const outdir = 'dist/server'");
  });
});
