import { constants as zlibConstants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { antdSignInStyles } from './build/antdSignInStyles';
import { bootSignIn } from './build/bootSignIn';
import { leanContracts } from './build/leanContracts';
import { onlyOurLanguages } from './build/onlyOurLanguages';

const api = process.env.API_TARGET ?? 'http://localhost:8080';

// This build's identity (its time): compiled into the console, and written to dist/build.json, which the server reads
// and names on every API answer (x-console-build) — a page of an older build then asks for a reload (lib/request.ts).
const BUILD = String(Date.now());
const buildStamp = (): Plugin => ({
  name: 'build-stamp',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'build.json', source: JSON.stringify({ build: BUILD }) });
  },
});

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
    buildStamp(),
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
  define: { __CONSOLE_BUILD__: JSON.stringify(BUILD) },
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
