// A launch-rush buyer's connection (issue 28): a plain TCP socket that speaks just enough
// HTTP/1.1 for one keep-alive caller, so that the rush's opening is the servers' work and not
// the load generator's. With undici's client the generator spent 0.15 ms of CPU a call
// (docs/performance.md, Run AF): its 2,000 sends took one of the machine's two cores for the
// opening's first 250–380 ms, the very stretch where the other users' reads were slow, and
// spread the buyers' arrival over as long. Here each buyer's pay-order is written before the
// opening but for the last byte of its headers (the server has not seen a request yet: its
// parser waits for the blank line), and the opening writes that byte and the body: 2,000
// writes of a hundred bytes, as 2,000 phones tapping at a countdown's end would arrive.
import { connect, type Socket } from 'node:net'

/** An answer as the rush reads it. */
export type Answer = {
  status: number
  body: string
  /** The Server-Timing header, when the server sent one. */
  serverTiming?: string
  timedOut: boolean
  /** Set when the connection failed before an answer. */
  error?: string
}

const HEADER_END = Buffer.from('\r\n\r\n')

type Pending = { resolve: (a: Answer) => void; timer: NodeJS.Timeout }

export class RushConnection {
  readonly #socket: Socket
  readonly #host: string
  #chunks: Buffer[] = []
  #pending?: Pending

  private constructor(socket: Socket, host: string) {
    this.#socket = socket
    this.#host = host
    socket.setNoDelay(true)
    socket.on('data', (chunk: Buffer) => this.#received(chunk))
    socket.on('error', (err) => this.#fail(err.message))
    socket.on('close', () => this.#fail('connection closed'))
  }

  /** Opens a connection to `url`'s host and port. */
  static open(url: string): Promise<RushConnection> {
    const { hostname, port, host } = new URL(url)
    return new Promise((resolve, reject) => {
      const socket = connect({ host: hostname, port: Number(port) })
      socket.once('connect', () => {
        socket.off('error', reject)
        resolve(new RushConnection(socket, host))
      })
      socket.once('error', reject)
    })
  }

  /** POSTs `body` as JSON to `path` now; the answer, or a timeout after `timeoutMs`. */
  post(path: string, body: object, token: string | undefined, timeoutMs: number): Promise<Answer> {
    const { head, rest } = this.#request(path, body, token)
    return this.#send(Buffer.concat([head, rest]), timeoutMs)
  }

  /**
   * Writes the request but for its headers' last byte now; `go` writes the rest and returns its
   * answer (the timeout counts from `go`).
   */
  hold(
    path: string,
    body: object,
    token: string | undefined,
  ): { go: (timeoutMs: number) => Promise<Answer> } {
    const { head, rest } = this.#request(path, body, token)
    this.#socket.write(head)
    return { go: (timeoutMs) => this.#send(rest, timeoutMs) }
  }

  close(): void {
    this.#socket.destroy()
  }

  /** The request's bytes: all of the headers but the last "\n", then that "\n" and the body. */
  #request(path: string, body: object, token: string | undefined) {
    const json = Buffer.from(JSON.stringify(body))
    const headers = [
      `POST ${path} HTTP/1.1`,
      `host: ${this.#host}`,
      'content-type: application/json',
      `content-length: ${json.length}`,
      ...(token ? [`usertoken: ${token}`] : []),
    ]
    return {
      head: Buffer.from(`${headers.join('\r\n')}\r\n\r`),
      rest: Buffer.concat([Buffer.from('\n'), json]),
    }
  }

  #send(bytes: Buffer, timeoutMs: number): Promise<Answer> {
    if (this.#pending) throw new Error('one request at a time on a rush connection')
    if (this.#socket.destroyed)
      return Promise.resolve({ status: 0, body: 'connection closed', timedOut: false })
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#pending = undefined
        this.#socket.destroy()
        resolve({ status: 0, body: 'timeout', timedOut: true })
      }, timeoutMs)
      this.#pending = { resolve, timer }
      this.#socket.write(bytes)
    })
  }

  #received(chunk: Buffer): void {
    this.#chunks.push(chunk)
    const data = this.#chunks.length === 1 ? chunk : Buffer.concat(this.#chunks)
    const end = data.indexOf(HEADER_END)
    if (end < 0) return
    const lines = data.subarray(0, end).toString('latin1').split('\r\n')
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0)
    const headers = new Map<string, string>()
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':')
      if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim())
    }
    const length = Number(headers.get('content-length') ?? NaN)
    if (!Number.isFinite(length)) {
      this.#fail(`an answer without content-length (status ${status})`)
      return
    }
    const bodyStart = end + HEADER_END.length
    if (data.length < bodyStart + length) {
      this.#chunks = [data]
      return
    }
    const body = data.subarray(bodyStart, bodyStart + length).toString('utf8')
    const left = data.subarray(bodyStart + length)
    this.#chunks = left.length ? [left] : []
    this.#answer({
      status,
      body,
      timedOut: false,
      ...(headers.has('server-timing') ? { serverTiming: headers.get('server-timing')! } : {}),
    })
  }

  #fail(error: string): void {
    this.#answer({ status: 0, body: error, timedOut: false, error })
  }

  #answer(answer: Answer): void {
    const pending = this.#pending
    if (!pending) return
    this.#pending = undefined
    clearTimeout(pending.timer)
    pending.resolve(answer)
  }
}
