// The messages domain's public entry: what other domains may use of it (eslint holds every other file private).
export { notifyUsers } from './notify.js';
export { sendMessage } from './service.js';
