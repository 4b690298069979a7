import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type RecordedRequest = {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}
export type FixtureReply = { status?: number; headers?: Record<string, string>; body: string }

/**
 * A raw node:http server for replies the real server never sends (an empty body, a gateway's
 * HTML page, result.status_code) and for recording exactly what a client put on the wire.
 */
export async function startHttpFixture(reply: (req: RecordedRequest) => FixtureReply) {
  const requests: RecordedRequest[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      const recorded = { method: req.method!, url: req.url!, headers: req.headers, body }
      requests.push(recorded)
      const r = reply(recorded)
      res.writeHead(r.status ?? 200, { 'content-type': 'application/json', ...r.headers })
      res.end(r.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The spec §8 envelope as JSON. */
export const envelopeJson = (ret_code: number, result: unknown = {}, ret_msg = 'OK') =>
  JSON.stringify({ ret_code, ret_msg, result, ext_code: '', time_now: '0' })
