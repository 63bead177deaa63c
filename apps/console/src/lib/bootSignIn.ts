/**
 * The plain sign-in form of index.html (build/bootSignIn.ts, build/boot.js), usable before the console has
 * started. The React sign-in page takes over from it: what was typed, which field had the focus, and the sign-in
 * the plain form already sent (its answer is taken, not asked again); any other page just removes it.
 */
export interface BootSignIn {
  username: string;
  password: string;
  focus: 'username' | 'password' | null;
  submit: boolean;
  /** The sign-in the plain form already sent (build/boot.js), with the credentials it sent. */
  sent: SentSignIn | null;
}

export interface SentSignIn {
  username: string;
  password: string;
  response: Promise<Response>;
}

type BootWindow = { __bootSignIn?: boolean; __bootLogin?: SentSignIn };

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
    submit: !!(window as BootWindow).__bootSignIn,
    sent: (window as BootWindow).__bootLogin ?? null,
  };
}

/** The plain form goes: the sign-in page has taken it over, or another page is shown. */
export function dropBootSignIn(): void {
  delete (window as BootWindow).__bootSignIn;
  delete (window as BootWindow).__bootLogin;
  document.documentElement.classList.remove('boot-sign-in', 'boot-lang-en', 'boot-busy');
  document.getElementById(ID)?.remove();
}
