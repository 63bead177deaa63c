// The market domain's public entry: what other domains may use of it (eslint holds every other file private).
export { shanghaiTime } from './calendar.js';
export { setReferencePrices } from './store.js';
export { registerMarket } from './plugin.js';
export { recordPastExRights } from './exrights.js';
