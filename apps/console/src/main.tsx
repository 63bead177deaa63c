// the stylesheet is the entry's (linked by index.html): it also styles the plain sign-in form
import './app/global.css';

// The console starts after the browser has painted once: until then the plain sign-in form of index.html
// (build/bootSignIn.ts) is on screen and usable, instead of a blank page while ≈ 300 KB of script evaluate.
requestAnimationFrame(() => setTimeout(() => void import('./start'), 0));
