import { constants as zlibConstants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const api = process.env.API_TARGET ?? 'http://localhost:8080';

/**
 * The sign-in page's own chunk (and what it imports) is a lazy import the entry makes only once it has
 * run; listed as modulepreload in index.html it downloads while the entry is still being evaluated.
 */
function preloadSignIn(entries: string[]): Plugin {
  return {
    name: 'preload-sign-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const files = new Set<string>();
        const add = (file: string) => {
          const chunk = bundle[file];
          if (!chunk || chunk.type !== 'chunk' || files.has(file)) return;
          files.add(file);
          chunk.imports.forEach(add);
        };
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.facadeModuleId && entries.some((e) => chunk.facadeModuleId!.endsWith(e))) add(chunk.fileName);
        const tags = [...files]
          .filter((f) => !html.includes(f))
          .map((f) => `<link rel="modulepreload" crossorigin href="./${f}">`)
          .join('\n    ');
        return html.replace('</head>', `    ${tags}\n  </head>`);
      },
    },
  };
}

// Hash routing: the built files are served from the site root by apps/server (or any static host).
export default defineConfig({
  // Brotli and gzip copies beside each file, made once at build time: the server sends the one the browser
  // accepts (@fastify/static preCompressed) instead of the raw file or compressing on every request.
  plugins: [
    react(),
    preloadSignIn(['src/features/session/pages/Login.tsx']),
    compression({
      algorithms: [defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
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
