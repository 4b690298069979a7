import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFrameBatcher } from '../../../src/lib/sockets/frame-batcher'
import { SpotQuoteSocket } from '../../../src/lib/sockets/spot-quote-socket'
import { useRealtimeQuotes } from '../../../src/lib/sockets/use-socket-updates'
import { FakeWebSocket, asWebSocket } from '../../support/fake-web-socket'

const item = (s: string, c: string, t = 1_000_000_000) => ({
  t,
  s,
  c,
  h: c,
  l: c,
  o: c,
  v: '1',
  qv: '1',
  m: '0',
})

describe('frame batcher', () => {
  it('hands over everything pushed before the frame in one flush', () => {
    const frames: (() => void)[] = []
    const flushed: number[][] = []
    const b = createFrameBatcher<number>(
      (items) => flushed.push(items),
      (cb) => frames.push(cb),
      () => {},
    )
    b.push(1)
    b.push(2)
    expect(frames).toHaveLength(1)
    frames[0]!()
    b.push(3)
    frames[1]!()
    expect(flushed).toEqual([[1, 2], [3]])
    b.push(4)
    b.dispose()
    expect(flushed).toHaveLength(2)
  })
})

describe('React bindings: one render per animation frame', () => {
  beforeEach(() => {
    FakeWebSocket.reset()
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] })
  })
  afterEach(() => vi.useRealTimers())

  it('useRealtimeQuotes keeps the latest quote per wanted symbol', () => {
    const socket = new SpotQuoteSocket('ws://q', asWebSocket)
    socket.connect()
    const ws = FakeWebSocket.last()
    ws.open()
    let renders = 0
    const { result, unmount } = renderHook(() => {
      renders++
      return useRealtimeQuotes(socket, ['BTCUSDT'])
    })
    expect(ws.sentJson()).toEqual([
      { topic: 'realtimes', event: 'sub', symbol: 'BTCUSDT', params: { binary: false } },
    ])
    const before = renders
    act(() => {
      for (let i = 1; i <= 10; i++)
        ws.message({ topic: 'realtimes', data: [item('BTCUSDT', `${i}`)] })
      ws.message({ topic: 'realtimes', data: [item('XRPUSDT', '9')] })
      ws.message({ pong: 5 })
    })
    expect(renders).toBe(before)
    act(() => vi.advanceTimersToNextFrame())
    expect(renders).toBe(before + 1)
    expect(result.current.BTCUSDT?.close).toBe('10')
    expect(result.current.XRPUSDT).toBeUndefined()
    unmount()
    socket.close()
  })
})
