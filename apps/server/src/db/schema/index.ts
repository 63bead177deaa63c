// One export per domain's tables; each domain adds its file here and its SQL under migrations/.
export * from './foundation.js';
export * from './funds.js';
export * from './admins.js';
export * from './users.js';
export * from './station.js';
export * from './products.js';
export * from './risk.js';
export * from './trading.js';
export * from './blocktrade.js';
export * from './newshares.js';
export * from './content.js';
export * from './agreements.js';
export * from './idempotency.js';
