import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The stylesheet's id in index.html: src/main.tsx switches it on, e2e/specs/boot.spec.ts checks it. */
const ANTD_SIGN_IN_ID = 'antd-sign-in';

/** antd's CSS for the sign-in page, rendered in a separate process: React's server side, in production mode (the class
 *  hashes of the built console), which the build's own process is not. */
function render(): string {
  return execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./signInStyles.ts', import.meta.url))], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
}

/**
 * The sign-in page's antd styles made at build time (issue 41). antd makes its CSS at run time, in the first render:
 * ≈ 200 KB of it for the sign-in form (its grid, form, inputs, button), ≈ 65 ms of the React form's first render in
 * a profile on this machine. The build renders those components once in the default theme (build/signInStyles.ts)
 * and ships the CSS with cssinjs's map of it (`.data-ant-cssinjs-cache-path`) as a hashed stylesheet; at run time
 * cssinjs finds each style in the map and neither makes nor inserts it. A style whose theme differs (dark, another
 * colour, reduced motion) is not in the map and is made at run time as before.
 *
 * index.html links it before the console's own stylesheet (antd's run-time styles are inserted before ours too, so
 * the cascade is unchanged) with `media="print"`: it is fetched at once but does not hold back the plain form's first
 * paint; src/main.tsx switches it on before the console starts.
 */
export function antdSignInStyles(): Plugin {
  return {
    name: 'antd-sign-in-styles',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'asset', name: `${ANTD_SIGN_IN_ID}.css`, source: render() });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const asset = Object.values(ctx.bundle ?? {}).find((a) => a.type === 'asset' && a.names.includes(`${ANTD_SIGN_IN_ID}.css`));
        if (!asset) throw new Error(`antd-sign-in-styles: no ${ANTD_SIGN_IN_ID}.css in the bundle`);
        const link = `<link rel="stylesheet" id="${ANTD_SIGN_IN_ID}" media="print" crossorigin href="./${asset.fileName}">`;
        return html.replace(/(\s*)(<link rel="stylesheet")/, `$1${link}$1$2`);
      },
    },
  };
}
