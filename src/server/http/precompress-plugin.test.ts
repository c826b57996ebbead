import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '../../../scripts/build/precompress';
import { buildSmallApp, removeSmallApps } from '../test/small-build';

afterAll(removeSmallApps);

describe('the precompress build plugin', () => {
  it('writes .br and .gz beside the scripts in the folder the build went to (--outDir included)', async () => {
    const app = await buildSmallApp(
      {
        'main.js': `document.title = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `word${i % 7}`).join(' '))};`,
      },
      { plugins: [precompress()] },
    );
    const script = app.script('main');
    const source = readFileSync(script);
    expect(source.length).toBeGreaterThan(1024);
    expect(brotliDecompressSync(readFileSync(`${script}.br`))).toEqual(source);
    expect(gunzipSync(readFileSync(`${script}.gz`))).toEqual(source);
    // Nothing was written where the project's own build goes.
    expect(existsSync(join(process.cwd(), 'dist/web/assets', `${script.split('/').pop()}.br`))).toBe(false);
  });
});
