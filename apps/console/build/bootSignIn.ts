import fs from 'node:fs';
import type { Plugin } from 'vite';
import zhBase from '../src/locales/zh-CN';
import enBase from '../src/locales/en-US';
import zhSession from '../src/features/session/locales/zh-CN';
import enSession from '../src/features/session/locales/en-US';
import { escapeHtml as esc } from '../src/lib/html';

/** Both languages in the markup; the stylesheet shows the stored one (boot.js marks it on <html> before the first paint). */
const both = (zh: string, en: string) => `><span class="boot-zh">${esc(zh)}</span><span class="boot-en">${esc(en)}</span>`;

/**
 * The sign-in form as plain markup in index.html, usable at first paint: an operator can type while the console's
 * script is still starting (≈ 1 s on a slow machine). `build/boot.js` (inlined) shows it on the sign-in route only and in
 * the stored language (its <html> classes; the form's CSS is in app/styles/sign-in.css and boot-sign-in.css); the
 * React sign-in page takes over what was typed (lib/bootSignIn.ts) and removes it. Its texts come from the locale
 * files, so there is one copy of each.
 */
export function bootSignIn(): Plugin {
  const year = new Date().getFullYear();
  const copyright = (s: string) => s.replace('{{year}}', String(year));
  const markup = `<div id="boot-login" class="user-layout">
      <div class="user-layout-lang"></div>
      <div class="user-layout-main">
        <div class="user-layout-top">
          <svg width="40" height="40" viewBox="0 0 32 32" aria-hidden="true" class="app-logo"><rect width="32" height="32" rx="7" fill="#1e9fff"/><path d="M6 23l6-6 4 4 9-10" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/><circle cx="25" cy="11" r="2.2" fill="#fff"/></svg>
          <span class="user-layout-title" ${both(zhBase.app.title, enBase.app.title)}</span>
        </div>
        <div class="login-main">
          <div class="login-subtitle" ${both(zhSession.login.subtitle, enSession.login.subtitle)}</div>
          <input id="login_username" class="boot-input" autocomplete="username" placeholder="${esc(zhSession.login.username)}" data-en-placeholder="${esc(enSession.login.username)}">
          <input id="login_password" class="boot-input" type="password" autocomplete="current-password" placeholder="${esc(zhSession.login.password)}" data-en-placeholder="${esc(enSession.login.password)}">
          <button type="button" class="boot-submit" ${both(zhSession.login.submit, enSession.login.submit)}</button>
        </div>
      </div>
      <div class="user-layout-footer" ${both(copyright(zhBase.app.copyright), copyright(enBase.app.copyright))}</div>
    </div>
    `;
  return {
    name: 'boot-sign-in',
    transformIndexHtml: {
      order: 'post',
      // boot.js inline, first in <head>: it runs before the body is parsed, with no request (the server allows
      // it in its CSP by hash: http/console-static.ts inlineScriptHashes)
      handler: (html) =>
        html
          .replace('<head>', `<head>\n    <script>${fs.readFileSync(new URL('./boot.js', import.meta.url), 'utf8').trim()}</script>`)
          .replace('<div id="root"></div>', `${markup}<div id="root"></div>`),
    },
  };
}
