import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico|map)$/;
/** Below this size compression costs more than it saves (headers, a round of decoding). */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Writes `file.br` and `file.gz` next to every compressible file of the build, when they are smaller. */
export function precompressDirectory(dir: string): { files: number } {
  let files = 0;
  for (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const source = readFileSync(path);
    if (source.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    });
    const gzip = gzipSync(source, { level: 9 });
    if (brotli.length < source.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < source.length) writeFileSync(`${path}.gz`, gzip);
    files++;
  }
  return { files };
}

/**
 * Vite plugin: precompress the finished build (brotli and gzip), served by serveStatic({ precompressed }).
 * It compresses the directory the build was written to, `--outDir` included: a build written
 * elsewhere (an A/B comparison's second server) once got no compressed files and was served
 * uncompressed (decision 0412).
 */
export function precompress(): Plugin {
  let outDir: string | undefined;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (outDir) precompressDirectory(outDir);
    },
  };
}
