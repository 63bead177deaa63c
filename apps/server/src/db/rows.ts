/**
 * Rows of a raw `db.execute()` result: node-postgres and PGlite both return `{ rows }`. Its own module (issue 63): a
 * service reading a result imports this, not the migration runner.
 */
export function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
