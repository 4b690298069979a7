import { and, desc, eq, isNotNull, lt, ne, or, type SQL } from 'drizzle-orm'
import { PositionStatus } from '../../../contract/enums'
import { earnPositions } from '../../db/schema'

// One way to page a user's closed positions (get-positions with include_closed, and
// get-position-history): last closed first, ties by id, so a page ends at a (closed_at, id)
// the next page starts after. A closed position never changes either, so the cursor is stable:
// a position that closes meanwhile is newer than any cursor and shows on no later page.

/** The user's closed positions after `cursor` (next_cursor of the previous page). */
export function closedAfter(userId: number, cursor: string | undefined): SQL {
  const where: SQL[] = [
    eq(earnPositions.userId, userId),
    ne(earnPositions.status, PositionStatus.Active),
    isNotNull(earnPositions.closedAt),
  ]
  if (cursor) {
    const dot = cursor.indexOf('.')
    const at = new Date(Number(cursor.slice(0, dot)))
    const id = cursor.slice(dot + 1)
    where.push(
      or(
        lt(earnPositions.closedAt, at),
        and(eq(earnPositions.closedAt, at), lt(earnPositions.id, id)),
      )!,
    )
  }
  return and(...where)!
}

/** The order closedAfter's cursor follows. */
export const closedOrder = [desc(earnPositions.closedAt), desc(earnPositions.id)]

/** The cursor of the next page when more than `limit` rows came; null on the last page. */
export function nextClosedCursor(
  rows: readonly { pos: { closedAt: Date | null; id: string } }[],
  limit: number,
): string | null {
  const last = rows[limit - 1]?.pos
  return rows.length > limit && last?.closedAt ? `${last.closedAt.getTime()}.${last.id}` : null
}
