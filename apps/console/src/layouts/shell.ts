import { preloadPage } from '../app/routes';
import { warmShell } from './warmShell';

/** The shell's chunk: the layout, and what the sign-in page asks of it while the operator types. */
export { default } from './BasicLayout';

/** Loads the page that signing in opens and renders the shell's components once, unseen (warmShell.tsx). */
export async function warmUp(target: string, signingIn: AbortSignal): Promise<void> {
  await preloadPage(target);
  // A moment's grace: signing in at once (a password filled in by the browser) leaves the CPU to the shell itself.
  await new Promise((resolve) => setTimeout(resolve, WARM_AFTER_MS));
  if (!signingIn.aborted) warmShell(signingIn);
}

const WARM_AFTER_MS = 300;
