// The trading domain's public entry: what other domains may use of it (eslint holds every other file private).
export { openPosition } from './book.js';
export { buyCost, feeOf } from './money.js';
export { assertTradingOpen, assertWithinLimits, checkTrader, lockTrader } from './rules.js';
export type { TradedStock } from './rules.js';
export { adjustPositions, lockHeldPositions, type HeldPosition, type PositionChange } from './corporate.js';
