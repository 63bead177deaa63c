// the stylesheets are the entry's (linked by index.html as one file): they also style the plain sign-in form.
// Imported in this order: it is their cascade order.
import './app/styles/base.css';
import './app/styles/sign-in.css';
import './app/styles/shell.css';
import './app/styles/tables.css';
import './app/styles/boot-sign-in.css';
import './app/styles/figures.css';

// The console starts after the browser has painted once: until then the plain sign-in form of index.html
// (build/bootSignIn.ts) is on screen and usable, instead of a blank page while ≈ 300 KB of script evaluate.
// On the sign-in route (boot.js marked it) the sign-in page's chunk is fetched alongside, not after the console's code
// has run and its router asked for it (start.tsx renders once it is in).
// antd's styles of the sign-in page, made by the build (build/antdSignInStyles.ts), are switched on at that moment too:
// fetched without holding back the first paint, they are in by then (were they not, antd makes them as before).
requestAnimationFrame(() =>
  setTimeout(() => {
    document.getElementById('antd-sign-in')?.setAttribute('media', 'all');
    void import('./start');
    if (document.documentElement.classList.contains('boot-sign-in')) void import('./features/session/pages/Login');
  }, 0),
);
