import {
  EARN_SOCKET_PROTOCOL,
  SOCKET_TICKET_PROTOCOL_PREFIX,
  type SocketTicketResult,
} from '../../../contract/earn-socket'
import { SOCKET_TICKET_PATH } from '../../../contract/paths'
import { apiRequest } from '../http/api-client'

/**
 * The subprotocols realtime_w is opened with: the earn protocol and a single-use ticket for
 * this session, asked from the page's own origin (its cookie, or the UserToken header inside
 * Telegram). Never a token in the socket's URL.
 */
export async function socketTicketProtocols(): Promise<string[]> {
  const { ticket } = await apiRequest<SocketTicketResult>('POST', SOCKET_TICKET_PATH)
  return [EARN_SOCKET_PROTOCOL, `${SOCKET_TICKET_PROTOCOL_PREFIX}${ticket}`]
}
