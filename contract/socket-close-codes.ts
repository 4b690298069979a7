// Close codes of ours on both sockets, the earn socket (spec §7) and the spot quote socket:
// 4000-4999 are the application's (RFC 6455 §7.4.2). Dependency-free.

export const SocketCloseCode = {
  /** No frame within the socket's idle timeout: the line is taken for dead. */
  Idle: 4000,
  /** realtime_w: its session ended (logged out, expired, replaced, or the account frozen). */
  SessionEnded: 4001,
  /**
   * realtime_w: private pushes may have been missed (the LISTEN connection was away): the client
   * reconnects, as after any drop, and its pages read their state again.
   */
  Resync: 4002,
} as const
export type SocketCloseCode = (typeof SocketCloseCode)[keyof typeof SocketCloseCode]
