// The session domain's public entry: what other domains may use of it (eslint holds every other file private).
export { adminPrincipal, revokeSessions, sessionAuthenticator, unlockSignIn, verifyStepUp } from './service.js';
export { SessionCache, TokenCache } from './cache.js';
export { principalStore } from './sockets.js';
