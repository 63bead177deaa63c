// The admins domain's public entry: what other domains may use of it (eslint holds every other file private).
// its messages are registered for the domains that answer with them (account, roles)
import './messages.js';
export { BUILTIN_ROLE_GRANTS } from './builtin-roles.js';
export { applyGoogleAction, enrolGoogle, sealLegacyTotpSecrets } from './google.js';
export { assertWithinOwn, roleGrants } from './grants.js';
export { createAdmin, ensureBuiltinRoles, roleIdByCode } from './service.js';
