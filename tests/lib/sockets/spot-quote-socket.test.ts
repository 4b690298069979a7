import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Backoff } from '../../../src/lib/backoff/backoff'
import {
  SpotQuoteSocket,
  parseRealtimeItem,
  type RealtimeQuote,
  type SpotSocketState,
} from '../../../src/lib/sockets/spot-quote-socket'
import { FakeWebSocket, asWebSocket } from '../../support/fake-web-socket'
import { startRealServer, type RealServer } from '../../support/real-server'

describe('spot quote socket against the real server (waits on issue 4: quote socket)', () => {
  let server: RealServer
  beforeAll(async () => {
    server = await startRealServer()
  }, 60_000)
  afterAll(() => server?.close())

  it('subscribes before open, receives realtimes pushes, ignores pongs', async () => {
    const socket = new SpotQuoteSocket(`${server.wsUrl}/spot/ws/quote/v1`)
    const states: SpotSocketState[] = []
    socket.onState((s) => states.push(s))
    const received = new Promise<RealtimeQuote[]>((resolve) => socket.onQuotes(resolve))
    socket.subscribe(['BTCUSDT', 'ETHUSDT'])
    socket.send({ ping: 1 })
    expect(socket.state).toBe('init')
    socket.connect()
    const quotes = await received
    expect(quotes.map((q) => q.symbol).sort()).toEqual(['BTCUSDT', 'ETHUSDT'])
    for (const q of quotes) {
      expect(q.startTime).toBe(q.currentTime - 86_399_000)
      expect(Number(q.close)).toBeGreaterThan(0)
    }
    socket.close()
    await vi.waitFor(() => expect(socket.state).toBe('closed'))
    expect(states).toEqual(['open', 'closed'])
  })
})

describe('spot quote socket', () => {
  beforeEach(() => {
    FakeWebSocket.reset()
    vi.useFakeTimers()
  })
  afterEach(() => vi.useRealTimers())

  it('parses t, s, c, h, l, o, v, qv, m into the realtime quote', () => {
    expect(
      parseRealtimeItem({
        t: 1_700_000_000_000,
        s: 'BTCUSDT',
        c: '3',
        h: '4',
        l: '1',
        o: '2',
        v: '5',
        qv: '6',
        m: '0.5',
      }),
    ).toEqual({
      symbol: 'BTCUSDT',
      open: '2',
      high: '4',
      low: '1',
      close: '3',
      volume: '5',
      quoteVolume: '6',
      range: '0.5',
      currentTime: 1_700_000_000_000,
      startTime: 1_700_000_000_000 - 86_399_000,
    })
  })

  it('queues sends until open, pings every 10 s, re-subscribes after reconnect with backoff', () => {
    const socket = new SpotQuoteSocket('ws://q', asWebSocket, new Backoff())
    socket.subscribe(['btcusdt'])
    socket.send({ hello: 1 })
    socket.connect()
    const first = FakeWebSocket.last()
    expect(first.sent).toEqual([])
    first.open()
    expect(first.sentJson()).toEqual([
      { topic: 'realtimes', event: 'sub', symbol: 'BTCUSDT', params: { binary: false } },
      { hello: 1 },
    ])
    socket.subscribe(['ETHUSDT', 'BTCUSDT'])
    expect(first.sentJson().at(-1)).toMatchObject({ symbol: 'ETHUSDT' })
    vi.advanceTimersByTime(9_999)
    expect(first.sentJson().some((m) => 'ping' in m)).toBe(false)
    vi.advanceTimersByTime(1)
    expect(first.sentJson().at(-1)).toEqual({ ping: Date.now() })
    first.message({ pong: 1 })
    first.message('not json at all')

    // Dropped: reconnect after 100, then 200 ms (backoff defaults), nothing sent meanwhile.
    first.drop()
    expect(socket.state).toBe('closed')
    socket.send({ queued: true })
    vi.advanceTimersByTime(99)
    expect(FakeWebSocket.instances).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(FakeWebSocket.instances).toHaveLength(2)
    FakeWebSocket.last().drop()
    vi.advanceTimersByTime(199)
    expect(FakeWebSocket.instances).toHaveLength(2)
    vi.advanceTimersByTime(1)
    const third = FakeWebSocket.last()
    third.open()
    expect(third.sentJson()).toEqual([
      { topic: 'realtimes', event: 'sub', symbol: 'BTCUSDT,ETHUSDT', params: { binary: false } },
      { queued: true },
    ])
    socket.close()
    vi.advanceTimersByTime(60_000)
    expect(FakeWebSocket.instances).toHaveLength(3)
  })

  it('reports error then closed when the connection fails', () => {
    const socket = new SpotQuoteSocket('ws://q', asWebSocket)
    const states: string[] = []
    socket.onState((s) => states.push(s))
    socket.connect()
    FakeWebSocket.last().drop()
    expect(states).toEqual(['error', 'closed'])
    socket.close()
  })
})
