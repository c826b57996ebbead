import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BRAND_NAME } from './src/shared/brand';
import { landingShell } from './scripts/build/landing-shell';
import { precompress } from './scripts/build/precompress';
import { scriptPreloads } from './scripts/build/script-preloads';
import { reactAsEsm } from './scripts/build/react-as-esm';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/** Writes the brand into index.html's startup splash (`%BRAND_NAME%`). */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
/**
 * The splash shows the favicon inline (`%SPLASH_ICON%`, a data: URL of public/favicon.svg): one
 * request less before the app starts, since a browser without a warm cache fetches an icon used
 * both as the tab icon and as an <img> twice (decision 0108).
 */
const splashIcon = () =>
  `data:image/svg+xml,${encodeURIComponent(readFileSync(fromRoot('./src/web/public/favicon.svg'), 'utf8').trim())}`;
const brandInHtml = () => ({
  name: 'brand-in-html',
  transformIndexHtml: (html: string) =>
    html
      .replaceAll('%BRAND_NAME%', escapeHtml(BRAND_NAME))
      .replaceAll('%SPLASH_ICON%', escapeHtml(splashIcon())),
});

const apiPort = process.env.API_PORT ?? '3000';

export default defineConfig({
  root: fromRoot('./src/web'),
  publicDir: fromRoot('./src/web/public'),
  // Every text asset also ships as .br and .gz, served by the server without compressing per request.
  // reactAsEsm: one ES module per React package (decision 0408). scriptPreloads: the preload
  // helper's links are rel=preload as=script (0406), and none while the document loads (0408).
  plugins: [reactAsEsm(), react(), tailwindcss(), brandInHtml(), landingShell(), scriptPreloads(), precompress()],
  // The brand name is baked into the web build; see src/shared/brand.ts.
  define: { __BRAND_NAME__: JSON.stringify(process.env.BRAND_NAME?.trim() || '') },
  resolve: {
    alias: {
      '@shared': fromRoot('./src/shared'),
      '@web': fromRoot('./src/web'),
    },
  },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    // No modulepreload links in index.html: on one HTTP/1.1 connection pool they took the slots the
    // stylesheet needed, and the first paint waited (decision 0401). Dynamic imports made after the
    // document has loaded keep preloading their dependencies (decision 0408).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps),
    },
    rolldownOptions: {
      output: {
        // Shared chunks up to 24 KiB (an icon, a helper, a schema, a dialog) are copied into the
        // chunks that read them rather than fetched one by one: the task page asked for 79 scripts,
        // and each preload link the loader appends costs main-thread time (decisions 0392, 0406).
        codeSplitting: {
          experimentalInlineCommonChunks: {
            maxSize: 24 * 1024,
            exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
          },
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: `http://localhost:${apiPort}`, ws: true },
      '/dev/': `http://localhost:${apiPort}`,
    },
  },
});
