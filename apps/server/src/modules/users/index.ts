// The users domain's public entry: what other domains may use of it (eslint holds every other file private).
export { audienceWhere, checkAudience, countAudience, scopeAgentOf, scopeOfAgent } from './audience.js';
export { saveBank } from './banks.js';
export { pickUsers } from './pick.js';
export { submitRealName } from './review.js';
export { createUser, getUser } from './service.js';
export { authenticateUser, createUserSession, dropUserSessions, revokeUserSessions } from './sessions.js';
export type { AppUser, ClientInfo } from './sessions.js';
export { maskCard, maskPhone } from './shapes.js';
export { fillSql, templateValuesOrSamples } from './template-values.js';
export { fileUrl, readUploadForUser, saveUpload, sniffImage } from './uploads.js';
export { DEMO_USER_PASSWORD } from './seed.js';
