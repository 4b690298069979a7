import { randomBytes } from 'node:crypto'
import { and, count, eq, gt, lte } from 'drizzle-orm'
import { SOCKET_TICKET_PROTOCOL_PREFIX } from '../../contract/earn-socket'
import type { Clock } from '../clock'
import type { AppConfig } from '../config'
import type { Database } from '../db/client'
import { socketTickets } from '../db/schema'
import { sessionIdOf, userOfSession, type CurrentUser } from './auth'
import { ApiError, RetCode } from './errors'

// Tickets for the private earn socket (docs/security.md, "Sockets on another host"). The socket
// lives on ws2.<domain> while the page is on www.<domain>: the page's host-only session cookie
// is not sent there, and inside Telegram the session is a header, which a browser's WebSocket
// cannot send. So the page asks its own origin for a ticket (with its cookie or UserToken) and
// offers it as a subprotocol of the upgrade. A ticket is random, stored as its HMAC, opens one
// socket once, within SOCKET_TICKET_TTL_MS, for the session that asked; never in a URL.

export const SOCKET_TICKET_TTL_MS = 30_000
/** Unused tickets one session may hold at once (a reconnect loop asks for one per attempt). */
export const SOCKET_TICKETS_PER_SESSION = 10
const TICKET_MAX_LENGTH = 64

type Deps = { db: Database; config: Pick<AppConfig, 'SESSION_SECRET'>; clock: Clock }

/** A new ticket for the session; 429 when it already holds SOCKET_TICKETS_PER_SESSION. */
export async function issueSocketTicket(
  { db, config, clock }: Deps,
  sessionId: string,
): Promise<{ ticket: string; expiresAt: Date }> {
  const now = clock.now()
  // Expired tickets are never read again: each issue clears them (an indexed range delete).
  await db.delete(socketTickets).where(lte(socketTickets.expiresAt, now))
  const [held] = await db
    .select({ n: count() })
    .from(socketTickets)
    .where(eq(socketTickets.sessionId, sessionId))
  if ((held?.n ?? 0) >= SOCKET_TICKETS_PER_SESSION)
    throw new ApiError(RetCode.TooManyRequests, 'too many socket tickets', 429)
  const ticket = randomBytes(24).toString('base64url')
  const expiresAt = new Date(now.getTime() + SOCKET_TICKET_TTL_MS)
  await db
    .insert(socketTickets)
    .values({ id: sessionIdOf(ticket, config.SESSION_SECRET), sessionId, expiresAt })
  return { ticket, expiresAt }
}

/** The ticket offered in a Sec-WebSocket-Protocol header, if any. */
export function ticketOfProtocols(header: string | undefined): string | null {
  for (const offered of (header ?? '').slice(0, 512).split(',')) {
    const value = offered.trim()
    if (value.startsWith(SOCKET_TICKET_PROTOCOL_PREFIX))
      return value.slice(SOCKET_TICKET_PROTOCOL_PREFIX.length)
  }
  return null
}

/**
 * The user a ticket opens a socket for, using it up; null when unknown, used, expired, or its
 * session has ended since.
 */
export async function redeemSocketTicket(
  { db, config, clock }: Deps,
  ticket: string,
): Promise<CurrentUser | null> {
  if (!ticket || ticket.length > TICKET_MAX_LENGTH) return null
  const now = clock.now()
  const [row] = await db
    .delete(socketTickets)
    .where(
      and(
        eq(socketTickets.id, sessionIdOf(ticket, config.SESSION_SECRET)),
        gt(socketTickets.expiresAt, now),
      ),
    )
    .returning({ sessionId: socketTickets.sessionId })
  return row ? userOfSession({ db, clock }, row.sessionId) : null
}
