import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { EarnPublicTopic } from '../../../contract/earn-socket'
import { EARN_SOCKET_PATH_PREFIX } from '../../../contract/paths'
import {
  EarnSocket,
  EarnSocketChannel,
  EarnTopic,
  earnSocketUrl,
  shouldReportFailure,
  type EarnSocketState,
} from '../../../src/lib/sockets/earn-socket'
import { FakeWebSocket, asWebSocket } from '../../support/fake-web-socket'
import { startRealServer, type RealServer } from '../../support/real-server'
import { startEarnSocketFixture } from '../../support/ws-fixture'

describe('earn socket against the real server', () => {
  let server: RealServer
  beforeAll(async () => {
    server = await startRealServer()
  }, 60_000)
  afterAll(() => server?.close())

  it('agrees with the server contract on path and topic names', () => {
    expect(earnSocketUrl('ws://h', EarnSocketChannel.Public)).toBe(
      `ws://h${EARN_SOCKET_PATH_PREFIX}/public`,
    )
    expect(EarnTopic).toEqual(EarnPublicTopic)
  })

  it('opens the public channel, subscribes a topic and receives its pushes', async () => {
    const socket = new EarnSocket(earnSocketUrl(server.wsUrl, EarnSocketChannel.Public))
    const pushes: unknown[] = []
    socket.subscribe(EarnTopic.DualAssetBenchmarkPrice, (d) => pushes.push(d))
    socket.connect()
    await vi.waitFor(() => expect(socket.state).toBe('open'), { timeout: 5000 })
    await vi.waitFor(() => expect(pushes.length).toBeGreaterThan(0), { timeout: 5000 })
    socket.close()
    expect(socket.state).toBe('closed_user')
  })
})

describe('earn socket against a ws fixture (server drops on demand)', () => {
  it('subscribes topics with op/args, delivers pushes, re-subscribes after a reconnect', async () => {
    const fixture = await startEarnSocketFixture()
    const socket = new EarnSocket(fixture.url, { random: () => 0.5 })
    const got: unknown[] = []
    socket.subscribe(EarnTopic.DualAssetBenchmarkPrice, (d) => got.push(d))
    socket.connect()
    expect(socket.state).toBe('opening')
    await vi.waitFor(() => expect(fixture.frames).toHaveLength(1))
    expect(fixture.frames[0]).toEqual({ op: 'subscribe', args: ['dual_asset.benchmark_price'] })
    fixture.push('dual_asset.benchmark_price', { price: '1' })
    fixture.push('other.topic', { price: '2' })
    await vi.waitFor(() => expect(got).toEqual([{ price: '1' }]))

    const off = socket.subscribe(EarnTopic.DoubleWinOffer, () => {})
    await vi.waitFor(() => expect(fixture.frames).toHaveLength(2))
    expect(fixture.frames[1]).toEqual({ op: 'subscribe', args: ['double_win.offer'] })

    fixture.dropAll()
    await vi.waitFor(() => expect(socket.state).toBe('closed'))
    await vi.waitFor(() => expect(fixture.connections).toHaveLength(2), { timeout: 3000 })
    await vi.waitFor(() => expect(fixture.frames).toHaveLength(3))
    expect(fixture.frames[2]).toEqual({
      op: 'subscribe',
      args: ['dual_asset.benchmark_price', 'double_win.offer'],
    })
    off()
    await vi.waitFor(() =>
      expect(fixture.frames[3]).toEqual({ op: 'unsubscribe', args: ['double_win.offer'] }),
    )
    socket.close()
    expect(socket.state).toBe('closed_user')
    await fixture.close()
  })
})

describe('earn socket timing (fake timers)', () => {
  beforeEach(() => {
    FakeWebSocket.reset()
    vi.useFakeTimers()
  })
  afterEach(() => vi.useRealTimers())

  it('reconnects after 1 s doubling to 5 s, jittered ±50 %, without limit', () => {
    const socket = new EarnSocket('ws://e', { WebSocketImpl: asWebSocket, random: () => 0.5 })
    socket.connect()
    const delays: number[] = []
    for (let i = 0; i < 6; i++) {
      FakeWebSocket.last().drop()
      const before = FakeWebSocket.instances.length
      let waited = 0
      while (FakeWebSocket.instances.length === before) {
        vi.advanceTimersByTime(1)
        waited++
      }
      delays.push(waited)
    }
    expect(delays).toEqual([1000, 2000, 4000, 5000, 5000, 5000])
    socket.close()

    FakeWebSocket.reset()
    const low = new EarnSocket('ws://e', { WebSocketImpl: asWebSocket, random: () => 0 })
    low.connect()
    FakeWebSocket.last().drop()
    vi.advanceTimersByTime(999)
    expect(FakeWebSocket.instances).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(FakeWebSocket.instances).toHaveLength(2)
    FakeWebSocket.last().drop()
    // Second attempt: 2000 × (1 − 0.5) = 1000, held at the 1 s minimum.
    vi.advanceTimersByTime(1000)
    expect(FakeWebSocket.instances).toHaveLength(3)
    low.close()
  })

  it('gives up a connect after 10 s and reports failures at 3, 6, … 21 only', () => {
    const reports: number[] = []
    const socket = new EarnSocket('ws://e', {
      WebSocketImpl: asWebSocket,
      random: () => 0.5,
      onFailureReport: (n) => reports.push(n),
    })
    socket.connect()
    vi.advanceTimersByTime(9_999)
    expect(FakeWebSocket.last().closed).toBe(false)
    vi.advanceTimersByTime(1)
    expect(FakeWebSocket.last().closed).toBe(true)
    expect(socket.failures).toBe(1)
    for (let i = 0; i < 30; i++) vi.advanceTimersByTime(15_000)
    expect(socket.failures).toBeGreaterThan(22)
    expect(reports).toEqual([3, 6, 9, 12, 15, 18, 21])
    // An open connection resets the count.
    vi.advanceTimersByTime(5_000)
    FakeWebSocket.last().open()
    expect(socket.failures).toBe(0)
    socket.close()
  })

  it('pings every 15 s and drops the line when no pong comes within 3 s', () => {
    const states: EarnSocketState[] = []
    const socket = new EarnSocket('ws://e', { WebSocketImpl: asWebSocket, random: () => 0.5 })
    socket.onState((s) => states.push(s))
    socket.connect()
    const ws = FakeWebSocket.last()
    ws.open()
    vi.advanceTimersByTime(15_000)
    expect(ws.sentJson()).toEqual([{ op: 'ping' }])
    vi.advanceTimersByTime(2_000)
    ws.message({ op: 'pong' })
    vi.advanceTimersByTime(13_000)
    expect(ws.sentJson()).toEqual([{ op: 'ping' }, { op: 'ping' }])
    expect(ws.closed).toBe(false)
    vi.advanceTimersByTime(3_000)
    expect(ws.closed).toBe(true)
    expect(states).toEqual(['opening', 'open', 'closed'])
    socket.close()
    vi.advanceTimersByTime(60_000)
    expect(FakeWebSocket.instances).toHaveLength(1)
    expect(states.at(-1)).toBe('closed_user')
  })

  it.each([
    [2, false],
    [3, true],
    [4, false],
    [6, true],
    [21, true],
    [22, false],
    [24, false],
  ])('failure %i reported: %s', (n, reported) => {
    expect(shouldReportFailure(n)).toBe(reported)
  })

  it('one URL per channel: public and realtime_w', () => {
    expect(earnSocketUrl('wss://x', EarnSocketChannel.Public)).toBe('wss://x/x-api/earn/ws/public')
    expect(earnSocketUrl('ws://x', EarnSocketChannel.RealtimeW)).toBe(
      'ws://x/x-api/earn/ws/realtime_w',
    )
  })
})
