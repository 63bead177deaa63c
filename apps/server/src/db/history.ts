/**
 * Who owns the tables of the shared history migrations (issue 63). The four files of db/migrations/ were written when a
 * migration still created several domains' tables at once; a landed migration is never edited or moved (a database
 * that ran it would not run it again), so their tables are attributed here instead: each to the folder whose
 * `tables.ts` declares it. A new change to one of these tables is a new migration in that folder's `migrations/`.
 * `test/db/history-map.test.ts` holds this map to the files and to the declarations.
 */
export const HISTORY_TABLES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '0001_foundation.sql': {
    admin_roles: 'modules/roles',
    admin_role_permissions: 'modules/roles',
    admins: 'modules/admins',
    admin_sessions: 'modules/session',
    login_log: 'modules/session',
    operation_log: 'http',
    site_config: 'modules/account',
  },
  '0200_users.sql': {
    agents: 'modules/agents',
    users: 'modules/users',
    user_banks: 'modules/users',
    user_sessions: 'modules/users',
    user_login_log: 'modules/platform',
    uploads: 'modules/users',
    fund_records: 'modules/fundrecords',
  },
  '0300_admins.sql': {
    admin_avatars: 'modules/account',
    sms_log: 'modules/logs',
    sms_codes: 'modules/admins',
    push_log: 'modules/logs',
    ios_push_settings: 'modules/account',
    scheduled_tasks: 'modules/tasks',
    scheduled_task_runs: 'modules/tasks',
  },
  '0431_agreements_messaging.sql': {
    agreement_templates: 'modules/agreements',
    agreement_template_versions: 'modules/agreements',
    user_agreements: 'modules/agreements',
    msg_templates: 'modules/messages',
    message_sends: 'modules/messages',
    message_deliveries: 'modules/messages',
    user_devices: 'modules/messages',
  },
};
