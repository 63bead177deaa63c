// The close domain's public entry (issue 50): the CLI's verification from the last close.
export { verifySinceClose, type SinceCloseReport } from './checkpoint.js';
