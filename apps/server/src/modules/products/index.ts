// The products domain's public entry for the domains above it (modules/order.mjs).
export { listedStock, type ListedStock } from './listed.js';
