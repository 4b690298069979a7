import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { SOCKET_MAX_PAYLOAD_BYTES } from '../../server/http/socket-limits'
import type { RunningServer } from '../../server/server'
import { startServerWithSession } from './support/socket-server'

// Random frames against both sockets: every frame is answered with a well-formed frame (or
// not at all), a ping after each one still gets its pong, and the server keeps serving.

const FRAMES_PER_SOCKET = 700

let server: RunningServer
let token: string

beforeAll(async () => {
  // The fuzz sends frames back to back, far above the per-connection rate limit (which
  // tests/server/security/sockets.test.ts proves): lifted here so every frame is parsed.
  ;({ server, token } = await startServerWithSession(undefined, {
    SOCKET_FRAMES_PER_SECOND: 100_000,
  }))
})
afterAll(() => server?.close())

const text = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom('', '{', 'null', '[]', '"x"', '1', '{"op":', '\u0000', 'x'.repeat(5000)),
)
const loose = fc.oneof(
  text,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
)
const topic = fc.constantFrom(
  'realtimes',
  'dual_asset.benchmark_price',
  'instrument_info.all',
  'double_win.offer',
  'user.order',
  'user.position',
  'nope',
)

/**
 * Frames shaped like both sockets' protocols with random holes, plus plain garbage; all under
 * the 8 KB payload limit, since bigger ones close the connection by design (security/sockets).
 */
const frame: fc.Arbitrary<string | Buffer> = fc
  .oneof(
    // Valid frames too, so the fuzz also runs against subscribed connections receiving pushes.
    fc.constantFrom(
      '{"topic":"realtimes","event":"sub","symbol":"BTCUSDT,ETHUSDT","params":{"binary":false}}',
      '{"topic":"realtimes","event":"cancel","symbol":"BTCUSDT"}',
      '{"op":"subscribe","args":["dual_asset.benchmark_price","user.order"]}',
      '{"op":"unsubscribe","args":["dual_asset.benchmark_price"]}',
    ),
    text,
    fc.json({ maxDepth: 3 }),
    fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
    fc
      .record(
        {
          op: fc.oneof(fc.constantFrom('subscribe', 'unsubscribe', 'ping', 'pong'), text),
          args: fc.oneof(fc.array(fc.oneof(topic, text), { maxLength: 4 }), loose),
          req_id: loose,
        },
        { requiredKeys: ['op'] },
      )
      .map((o) => JSON.stringify(o)),
    fc
      .record(
        {
          topic: fc.oneof(topic, text),
          event: fc.oneof(fc.constantFrom('sub', 'cancel'), text),
          symbol: fc.oneof(fc.constantFrom('BTCUSDT', 'BTCUSDT,ETHUSDT', 'NOPE', ''), text),
          params: fc.oneof(fc.record({ binary: fc.oneof(fc.boolean(), loose) }), loose),
          ping: loose,
        },
        { requiredKeys: [] },
      )
      .map((o) => JSON.stringify(o)),
  )
  .filter((f) => Buffer.byteLength(f) <= SOCKET_MAX_PAYLOAD_BYTES)

type Socket = { ws: WebSocket; frames: unknown[]; closed: () => boolean }

async function open(path: string, headers: Record<string, string> = {}): Promise<Socket> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}${path}`, { headers })
  const frames: unknown[] = []
  let closed = false
  ws.on('message', (d, isBinary) => frames.push(isBinary ? d : JSON.parse(d.toString())))
  ws.on('close', () => (closed = true))
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  return { ws, frames, closed: () => closed }
}

async function waitFor(s: Socket, match: (f: any) => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!s.frames.some(match)) {
    if (s.closed()) throw new Error('the server closed the socket')
    if (Date.now() > deadline) throw new Error('no answer to the ping')
    await new Promise((r) => setTimeout(r, 2))
  }
}

/** What a server frame of either socket may look like. */
function wellFormed(f: any, kind: 'quote' | 'earn'): boolean {
  if (typeof f !== 'object' || f === null || Array.isArray(f)) return false
  if (kind === 'quote') {
    if ('pong' in f) return typeof f.pong === 'number'
    if (f.event === 'error') return typeof f.code === 'number' && typeof f.msg === 'string'
    return f.topic === 'realtimes' && Array.isArray(f.data)
  }
  if (f.op === 'pong') return typeof f.ts === 'number'
  if (typeof f.op === 'string')
    return typeof f.success === 'boolean' && typeof f.ret_msg === 'string' && Array.isArray(f.args)
  return typeof f.topic === 'string' && 'data' in f && typeof f.ts === 'number'
}

const SOCKETS = [
  ['spot quote socket', 'quote', '/spot/ws/quote/v1', false],
  ['earn public socket', 'earn', '/x-api/earn/ws/public', false],
  ['earn realtime_w socket', 'earn', '/x-api/earn/ws/realtime_w', true],
] as const

describe('bad input over the sockets', () => {
  it.each(SOCKETS)(
    `%s: ${FRAMES_PER_SOCKET} random frames, each followed by a ping that is answered`,
    async (_name, kind, path, private_) => {
      const s = await open(path, private_ ? { usertoken: token } : {})
      let seq = 0
      const started = Date.now()
      await fc.assert(
        fc.asyncProperty(frame, async (f) => {
          s.ws.send(f)
          const id = ++seq
          // The ping after the frame proves the connection is still usable.
          if (kind === 'quote') {
            s.ws.send(JSON.stringify({ ping: id }))
            await waitFor(s, (x) => x?.pong === id)
          } else {
            s.ws.send(JSON.stringify({ op: 'ping', req_id: `p${id}` }))
            await waitFor(s, (x) => x?.op === 'pong' && x.req_id === `p${id}`)
          }
        }),
        { numRuns: FRAMES_PER_SOCKET, endOnFailure: true },
      )
      const bad = s.frames.filter((f) => !wellFormed(f, kind))
      expect(bad.slice(0, 5)).toEqual([])
      const errors = s.frames.filter((f: any) => f.event === 'error' || f.op === 'error').length
      expect(errors).toBeGreaterThan(FRAMES_PER_SOCKET / 4)
      expect(s.closed()).toBe(false)
      s.ws.close()
      console.log(
        `[fuzz-sockets] ${path}: ${FRAMES_PER_SOCKET} frames in ${Date.now() - started} ms, ${s.frames.length} answers, ${errors} error frames`,
      )
      const health = await fetch(`${server.url}/x-api/health`)
      expect(health.status).toBe(200)
    },
    60_000,
  )
})
