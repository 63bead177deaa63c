// The channels domain's public entry: what other domains may use of it (eslint holds every other file private).
export { addTier, addTierChannels, allowedChannelIds, allowedChannelsSql, recomputeTiers } from './layering.js';
export { addChannel, todayStartSql } from './service.js';
