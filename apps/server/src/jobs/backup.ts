import { backupEmbedded } from '../db/backup.js';
import { defineJob } from './registry.js';

/** The embedded database's daily copy (db/backup.ts); on PostgreSQL it does nothing: see docs/operations.md. */
export const embeddedBackupJob = defineJob({
  key: 'embedded-backup',
  name: { zh: '内置数据库备份', en: 'Embedded database backup' },
  schedule: '30 3 * * *',
  run: (ctx) => backupEmbedded(ctx.database, ctx.config.dataDir),
});
