// The risk domain's public entry: what other domains may use of it (eslint holds every other file private).
export { riskRules } from './settings.js';
export type { RiskRules } from './settings.js';
export { spreadPctOf } from './spread.js';
