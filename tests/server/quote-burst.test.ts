import { afterAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { testConfig } from '../../server/config'
import { burstQuotes } from '../../server/modules/market/quote-burst'
import { startServer, type RunningServer } from '../../server/server'
import { openTestDatabase } from '../support/test-database'

// The UI bench's quote source (TEST_MODE only): what it pushes, and that it is absent otherwise.

const servers: RunningServer[] = []
afterAll(() => Promise.all(servers.map((s) => s.close())))

const quote = (s: string, c: string) => ({
  t: 1,
  s,
  c,
  h: c,
  l: c,
  o: c,
  v: '1',
  qv: '1',
  m: '0',
})

describe('quote burst', () => {
  it('puts the client’s own symbols first, moves each close per push and fills up to the count', () => {
    const all = [quote('BTCUSDT', '95000.12'), quote('ETHUSDT', '3400.5'), quote('SOLUSDT', '180')]
    const first = burstQuotes(all, new Set(['SOLUSDT']), 5, 0, 42)
    expect(first.map((q) => q.s)).toEqual([
      'SOLUSDT',
      'BTCUSDT',
      'ETHUSDT',
      'BENCH003USDT',
      'BENCH004USDT',
    ])
    expect(first.every((q) => q.t === 42)).toBe(true)
    // The close keeps its decimals and moves between pushes.
    expect(first[1]!.c).toMatch(/^\d+\.\d{2}$/)
    const second = burstQuotes(all, new Set(['SOLUSDT']), 5, 1, 43)
    expect(second[0]!.c).not.toBe(first[0]!.c)
  })

  it('pushes N quotes H times a second to a subscribed spot socket in TEST_MODE', async () => {
    const server = await startServer(testConfig({ PORT: 0, HOST: '127.0.0.1' }), {
      database: await openTestDatabase(),
      withClient: false,
    })
    servers.push(server)
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/spot/ws/quote/v1`)
    const pushes: { s: string }[][] = []
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString()) as { topic?: string; data?: { s: string }[] }
      if (m.topic === 'realtimes') pushes.push(m.data!)
    })
    await new Promise((resolve) => ws.once('open', resolve))
    ws.send(JSON.stringify({ topic: 'realtimes', event: 'sub', symbol: 'ETHUSDT' }))
    await expect.poll(() => pushes.length).toBeGreaterThan(0)
    pushes.length = 0

    const res = await fetch(`${server.url}/x-api/test/quote-burst`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ symbols: 50, hz: 10, seconds: 1 }),
    })
    const body = (await res.json()) as {
      ret_code: number
      result: { pushes: number; messages: number }
    }
    expect(body.ret_code).toBe(0)
    expect(body.result).toMatchObject({ pushes: 10, messages: 10 })
    await expect.poll(() => pushes.filter((p) => p.length === 50).length).toBe(10)
    for (const p of pushes.filter((x) => x.length === 50)) expect(p[0]!.s).toBe('ETHUSDT')
    ws.close()
  })

  it('does not exist outside TEST_MODE', async () => {
    const server = await startServer(testConfig({ PORT: 0, HOST: '127.0.0.1', TEST_MODE: false }), {
      database: await openTestDatabase(),
      withClient: false,
    })
    servers.push(server)
    const res = await fetch(`${server.url}/x-api/test/quote-burst`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ symbols: 1, hz: 1, seconds: 1 }),
    })
    expect(res.status).toBe(404)
    expect(((await res.json()) as { ret_code: number }).ret_code).not.toBe(0)
  })
})
