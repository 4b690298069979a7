import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  TIME_REQUEST_TIMEOUT_MS,
  clockOffset,
  fetchServerTime,
  serverClock,
  serverNow,
  syncServerClock,
} from '../../../src/lib/time/server-time'
import { startHttpFixture } from '../../support/http-fixture'
import { startRealServer, type RealServer } from '../../support/real-server'

let server: RealServer
beforeAll(async () => {
  server = await startRealServer()
}, 60_000)
afterAll(() => server?.close())

describe('server time (spec §4, §5, §9)', () => {
  it('reads the Date header of a GET of the page from the real server', async () => {
    const before = Date.now()
    const t = await fetchServerTime(`${server.url}/earn/home`)
    // The Date header has whole seconds.
    expect(t).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000)
    expect(t).toBeLessThanOrEqual(Date.now())
  })

  it('falls back to the local clock when the page cannot be reached', async () => {
    const fixture = await startHttpFixture(() => ({ body: '' }))
    await fixture.close()
    const t = await fetchServerTime(fixture.url)
    expect(Math.abs(t - Date.now())).toBeLessThan(1000)
  })

  it('gives up on a page that does not answer after 2 s, once, and uses the local clock', async () => {
    let requests = 0
    const silent = createServer(() => void requests++)
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as AddressInfo
    const started = Date.now()
    const t = await fetchServerTime(`http://127.0.0.1:${port}/earn/home`)
    const took = Date.now() - started
    silent.closeAllConnections()
    silent.close()
    expect(took).toBeGreaterThanOrEqual(TIME_REQUEST_TIMEOUT_MS - 20)
    // Not retried: a second try would double the wait.
    expect(requests).toBe(1)
    expect(Math.abs(t - Date.now())).toBeLessThan(1000)
  })

  it('ignores skew under 10 s, applies it above, and warns over 24 h', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(clockOffset(1_000_000 + 9_999, 1_000_000)).toBe(0)
    expect(clockOffset(1_000_000 - 9_999, 1_000_000)).toBe(0)
    expect(clockOffset(1_000_000 + 10_000, 1_000_000)).toBe(10_000)
    expect(warn).not.toHaveBeenCalled()
    const day = 24 * 3600 * 1000
    expect(clockOffset(day + 1, 0)).toBe(day + 1)
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()
  })

  it('sync keeps the offset for serverNow', async () => {
    const fixture = await startHttpFixture(() => ({
      headers: { date: new Date(Date.now() + 3_600_000).toUTCString() },
      body: '',
    }))
    const offset = await syncServerClock(fixture.url)
    await fixture.close()
    expect(offset).toBeGreaterThan(3_590_000)
    expect(serverNow() - Date.now()).toBe(serverClock.offsetMs)
    serverClock.offsetMs = 0
  })
})
