import { constants as zlibConstants } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { antdSignInStyles } from './build/antdSignInStyles';
import { bootSignIn } from './build/bootSignIn';
import { leanContracts } from './build/leanContracts';
import { onlyOurLanguages } from './build/onlyOurLanguages';

const api = process.env.API_TARGET ?? 'http://localhost:8080';

// Hash routing: the built files are served from the site root by apps/server (or any static host).
export default defineConfig({
  // Brotli and gzip copies beside each file, made once at build time: the server sends the one the browser
  // accepts (@fastify/static preCompressed) instead of the raw file or compressing on every request.
  plugins: [
    react(),
    bootSignIn(),
    antdSignInStyles(),
    leanContracts(),
    onlyOurLanguages(),
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(js|css|html|svg|json|mjs)$/,
      threshold: 512,
    }),
  ],
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
