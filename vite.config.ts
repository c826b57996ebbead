import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const apiPort = process.env.API_PORT ?? '3000';
const brandName = process.env.BRAND_NAME?.trim() || 'Local Experts';
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The page title and the startup splash in index.html name the product through %BRAND_NAME%. */
const brandHtml = {
  name: 'brand-html',
  transformIndexHtml: (page: string) => page.replaceAll('%BRAND_NAME%', escapeHtml(brandName)),
};

export default defineConfig({
  root: fromRoot('./src/web'),
  publicDir: fromRoot('./src/web/public'),
  plugins: [react(), tailwindcss(), brandHtml],
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
  },
  server: {
    proxy: {
      '/api': { target: `http://localhost:${apiPort}`, ws: true },
      '/dev/': `http://localhost:${apiPort}`,
    },
  },
});
