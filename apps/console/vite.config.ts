import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.API_TARGET ?? 'http://localhost:8080';

// Hash routing: the built files are served from the site root by apps/server (or any static host).
export default defineConfig({
  plugins: [react()],
  base: './',
  server: {
    proxy: Object.fromEntries(
      ['/api', '/admin', '/app', '/manager'].map((p) => [p, { target: api, changeOrigin: true, ws: p === '/manager' }]),
    ),
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
    // The manifest lets bench/console-size map routes to the files they load.
    manifest: true,
  },
});
