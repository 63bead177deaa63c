// The tasks domain's public entry: the runner main.ts starts on every instance (each slot still runs once per cluster).
export { startJobRunner, type JobRunner } from './runner.js';
