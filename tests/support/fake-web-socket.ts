/**
 * An in-memory stand-in for the browser WebSocket, for timing tests under fake timers where a
 * real socket's I/O cannot be stepped. Tests drive it: open(), message(), drop().
 */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = []
  static reset() {
    FakeWebSocket.instances = []
  }
  static last() {
    return FakeWebSocket.instances.at(-1)!
  }

  sent: string[] = []
  closed = false
  onopen: (() => void) | null = null
  onmessage: ((e: { data: string }) => void) | null = null
  onclose: (() => void) | null = null
  onerror: (() => void) | null = null

  constructor(
    readonly url: string,
    readonly protocols?: string | string[],
  ) {
    FakeWebSocket.instances.push(this)
  }

  send(data: string) {
    this.sent.push(data)
  }
  close() {
    if (this.closed) return
    this.closed = true
    this.onclose?.()
  }

  open() {
    this.onopen?.()
  }
  message(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) })
  }
  drop() {
    this.onerror?.()
    this.close()
  }
  sentJson() {
    return this.sent.map((s) => JSON.parse(s) as Record<string, unknown>)
  }
}

export const asWebSocket = FakeWebSocket as unknown as typeof WebSocket
