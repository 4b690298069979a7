import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  useLiveUsdtPrices,
  usePrivateEarnPushes,
  usePublicEarnTopic,
} from '../../../src/lib/sockets/live-sockets'
import { FakeWebSocket } from '../../support/fake-web-socket'

// realtime_w asks its own origin for a ticket at each attempt (a stand-in: no server here).
let tickets = 0
vi.mock('../../../src/lib/sockets/socket-ticket', () => ({
  socketTicketProtocols: async () => ['earn.v1', `ticket.t-${++tickets}`],
}))

// The hooks open their own sockets with the browser's WebSocket: the in-memory one stands in,
// so pushes and drops can be stepped frame by frame.

const realtime = (symbol: string, close: string) => ({
  topic: 'realtimes',
  data: [{ t: 1, s: symbol, c: close, h: close, l: close, o: close, v: '1', qv: '1', m: '0' }],
})

describe('hooks that own a live socket', () => {
  beforeEach(() => {
    FakeWebSocket.reset()
    vi.stubGlobal('WebSocket', FakeWebSocket)
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it("open on the page's own origin on a local host, the quote socket always", () => {
    renderHook(() => useLiveUsdtPrices(['BTC']))
    expect(FakeWebSocket.last().url).toBe(`ws://${location.host}/spot/ws/quote/v1`)
  })

  it('usePublicEarnTopic: the last push of the frame, a socket only while a topic is set', () => {
    const { result, rerender, unmount } = renderHook(
      ({ topic }: { topic?: string }) => usePublicEarnTopic<{ p: number }>(topic),
      { initialProps: {} },
    )
    expect(FakeWebSocket.instances).toHaveLength(0)
    rerender({ topic: 'offer.a' })
    const ws = FakeWebSocket.last()
    expect(ws.url).toBe(`ws://${location.host}/x-api/earn/ws/public`)
    act(() => ws.open())
    expect(ws.sentJson()).toContainEqual({ op: 'subscribe', args: ['offer.a'] })
    act(() => {
      ws.message({ topic: 'offer.a', data: { p: 1 } })
      ws.message({ topic: 'offer.a', data: { p: 2 } })
    })
    expect(result.current).toBeUndefined()
    act(() => vi.advanceTimersToNextFrame())
    expect(result.current).toEqual({ p: 2 })
    unmount()
    expect(ws.closed).toBe(true)
  })

  it('usePrivateEarnPushes: a ticket per attempt, one call per frame of pushes, one after a reconnect', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout'] })
    const onChange = vi.fn()
    const open: boolean[] = []
    const { rerender, unmount } = renderHook(
      ({ enabled }) => usePrivateEarnPushes(enabled, onChange, (o) => open.push(o)),
      { initialProps: { enabled: false } },
    )
    expect(FakeWebSocket.instances).toHaveLength(0)
    rerender({ enabled: true })
    // The socket opens once its ticket is in: offered as a subprotocol, never in the URL.
    await act(async () => {})
    const ws = FakeWebSocket.last()
    expect(ws.url).toBe(`ws://${location.host}/x-api/earn/ws/realtime_w`)
    expect(ws.protocols).toEqual(['earn.v1', 'ticket.t-1'])
    act(() => ws.open())
    expect(ws.sentJson()).toContainEqual({ op: 'subscribe', args: ['user.order', 'user.position'] })
    act(() => {
      ws.message({ topic: 'user.order', data: { order_id: 'a' } })
      ws.message({ topic: 'user.position', data: { position_id: 'b' } })
      vi.advanceTimersToNextFrame()
    })
    expect(onChange).toHaveBeenCalledTimes(1)
    // Down, then up again on the next attempt: pushes may have been missed, so one re-read.
    act(() => ws.drop())
    await act(async () => vi.advanceTimersByTime(10_000))
    expect(FakeWebSocket.last().protocols).toEqual(['earn.v1', 'ticket.t-2'])
    act(() => FakeWebSocket.last().open())
    act(() => vi.advanceTimersToNextFrame())
    expect(onChange).toHaveBeenCalledTimes(2)
    expect(open).toContain(false)
    expect(open.at(-1)).toBe(true)
    unmount()
    expect(FakeWebSocket.last().closed).toBe(true)
  })

  it('useLiveUsdtPrices: the coins priced in USDT, stable coins left out', () => {
    const open: boolean[] = []
    const { result, unmount } = renderHook(() =>
      useLiveUsdtPrices(['BTC', 'USDT', 'BTC', 'ETH'], (o) => open.push(o)),
    )
    const ws = FakeWebSocket.last()
    act(() => ws.open())
    expect(open).toEqual([true])
    const symbols = ws.sentJson().map((m) => m.symbol)
    expect(symbols).toContain('BTCUSDT,ETHUSDT')
    act(() => {
      ws.message(realtime('BTCUSDT', '60000'))
      ws.message(realtime('ETHUSDT', '3000'))
      vi.advanceTimersToNextFrame()
    })
    expect(result.current).toEqual({ BTC: '60000', ETH: '3000' })
    unmount()
    expect(ws.closed).toBe(true)
  })
})
