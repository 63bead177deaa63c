/**
 * The plain sign-in form of index.html (build/bootSignIn.ts, build/boot.js), usable before the console has
 * started. The React sign-in page takes over from it: what was typed, which field had the focus, and whether the
 * operator already asked to sign in; any other page just removes it.
 */
export interface BootSignIn {
  username: string;
  password: string;
  focus: 'username' | 'password' | null;
  submit: boolean;
}

const ID = 'boot-login';

/** What the plain form holds (a pure read: the sign-in page reads it while rendering, before its own inputs mount). */
export function readBootSignIn(): BootSignIn | null {
  const el = document.getElementById(ID);
  if (!el || !document.documentElement.classList.contains('boot-sign-in')) return null;
  const u = el.querySelector<HTMLInputElement>('#login_username');
  const p = el.querySelector<HTMLInputElement>('#login_password');
  const active = document.activeElement;
  return {
    username: u?.value ?? '',
    password: p?.value ?? '',
    focus: active === u ? 'username' : active === p ? 'password' : null,
    submit: !!(window as { __bootSignIn?: boolean }).__bootSignIn,
  };
}

/** The plain form goes: the sign-in page has taken it over, or another page is shown. */
export function dropBootSignIn(): void {
  delete (window as { __bootSignIn?: boolean }).__bootSignIn;
  document.documentElement.classList.remove('boot-sign-in', 'boot-lang-en');
  document.getElementById(ID)?.remove();
}
