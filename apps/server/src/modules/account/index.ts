// The account domain's public entry: what other domains may use of it (eslint holds every other file private).
export { iosPushCredentials } from './service.js';
