// One export per domain's tables; each domain adds its file here and its SQL under migrations/.
export * from './foundation.js';
