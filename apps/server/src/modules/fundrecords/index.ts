// The fund-records domain's public entry: the ledger, through which every balance change is posted with its fund record.
export * from './ledger/index.js';
