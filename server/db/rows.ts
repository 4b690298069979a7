/** Rows of db.execute() on either driver (pg returns {rows}, PGlite returns {rows} too). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[]
  return ((result as { rows?: T[] }).rows ?? []) as T[]
}
