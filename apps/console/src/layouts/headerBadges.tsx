import { shellRoutes } from '../app/routes';
import type { RouteEntry } from '../lib/routing';
import { badgePageTrail as trailIn, builtBadgeButtons as builtIn, type BadgeButton } from '../shared/badgeButtons';

// The header's badge buttons (shared/badgeButtons.tsx) over the shell's route table.
export { BADGE_BUTTONS, type BadgeButton } from '../shared/badgeButtons';

/** The buttons whose page is in the route table (default: the shell's). */
export const builtBadgeButtons = (table: readonly RouteEntry<unknown>[] = shellRoutes): BadgeButton[] => builtIn(table);

/** The menu trail of the page a button opens (section, page), as title keys. */
export const badgePageTrail = (b: BadgeButton, table: readonly RouteEntry<unknown>[] = shellRoutes): string[] => trailIn(b, table);

/** Spec §9: the counter is cleared this long after its button navigated. */
export const BADGE_RESET_MS = 600;
/** Spec §9: the user name appears this long after the shell mounts. */
export const HEADER_NAME_DELAY_MS = 1500;
/** Spec §9: the page reloads this long after logout. */
export const LOGOUT_RELOAD_MS = 500;
