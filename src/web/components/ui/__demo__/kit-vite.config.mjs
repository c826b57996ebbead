import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
export default defineConfig({ root: '/work/main/src/web/components/ui/__demo__', plugins: [react(), tailwindcss()], build: { outDir: '/tmp/kit-demo-dist', emptyOutDir: true } });
