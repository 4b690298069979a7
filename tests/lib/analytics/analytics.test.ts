import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ANALYTICS_BATCH_LIMIT } from '../../../contract/analytics.schema'
import {
  analyticsFlags,
  flushAnalytics,
  resetAnalytics,
  startAnalytics,
  trackEvent,
} from '../../../src/lib/analytics/analytics'
import {
  ANALYTICS_BATCH_SIZE,
  sendAnalyticsBatch,
} from '../../../src/lib/analytics/analytics-sender'
import {
  GA_UID_KEY,
  analyticsUserId,
  setAnalyticsUserId,
} from '../../../src/lib/analytics/analytics-user'
import { CUSTOM_EVENT_NAME, reportCustomEvent } from '../../../src/lib/analytics/monitor'
import { apiOrigin } from '../../../src/lib/http/api-origin'
import { platformStore } from '../../../src/lib/platform/platform-store'
import { sessionStore } from '../../../src/lib/session/session-store'
import { envelopeJson, startHttpFixture } from '../../support/http-fixture'
import { startRealServer, type RealServer } from '../../support/real-server'

let server: RealServer
beforeAll(async () => {
  server = await startRealServer()
}, 60_000)
afterAll(() => server?.close())
beforeEach(() => {
  resetAnalytics()
  localStorage.clear()
  sessionStore.userId = 0
})

describe('analytics user id (spec §4)', () => {
  it('defaults to 0 and is set on login', () => {
    expect(analyticsUserId()).toBe(0)
    setAnalyticsUserId(1234)
    expect(localStorage.getItem(GA_UID_KEY)).toBe('1234')
    expect(analyticsUserId()).toBe(1234)
    setAnalyticsUserId(-3)
    expect(analyticsUserId()).toBe(0)
    localStorage.setItem(GA_UID_KEY, 'junk')
    expect(analyticsUserId()).toBe(0)
  })
})

describe('analytics queue', () => {
  it.each([
    ['pc', false, false, { isApp: false, isPhone: false, isPC: true, is_login: false }],
    ['pc_tg', false, false, { isApp: false, isPhone: false, isPC: true, is_login: false }],
    ['h5', true, true, { isApp: true, isPhone: true, isPC: false, is_login: true }],
    ['ios_tg', false, true, { isApp: false, isPhone: true, isPC: false, is_login: true }],
  ] as const)('%s (app %s, logged in %s) flags', (platform, inApp, loggedIn, flags) => {
    platformStore.platform = platform
    platformStore.inApp = inApp
    sessionStore.userId = loggedIn ? 7 : 0
    expect(analyticsFlags()).toEqual(flags)
    platformStore.platform = 'pc'
    platformStore.inApp = false
  })

  it('queues until the module loads after page load, then flushes as one batch', async () => {
    const batches: unknown[][] = []
    trackEvent('page_view', { page: 'home' })
    trackEvent('click', { id: 'x' })
    const started = startAnalytics(async () => async (events) => void batches.push([...events]))
    expect(document.readyState).toBe('complete')
    await started
    expect(batches).toHaveLength(1)
    expect(batches[0]).toMatchObject([
      { name: 'page_view', params: { page: 'home', source: 'web' }, extra: { isPC: true } },
      { name: 'click' },
    ])
    vi.useFakeTimers()
    trackEvent('a')
    trackEvent('b')
    await vi.runAllTimersAsync()
    vi.useRealTimers()
    expect(batches[1]).toMatchObject([{ name: 'a' }, { name: 'b' }])
  })

  it('waits for the load event when the page is still loading', async () => {
    const state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
    let loaded = false
    const started = startAnalytics(async () => {
      loaded = true
      return async () => {}
    })
    await Promise.resolve()
    expect(loaded).toBe(false)
    state.mockRestore()
    window.dispatchEvent(new Event('load'))
    await started
    expect(loaded).toBe(true)
  })

  it('a failed send is dropped with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    trackEvent('x')
    await startAnalytics(async () => async () => Promise.reject(new Error('down')))
    expect(warn).toHaveBeenCalledTimes(1)
    // Dropped, not kept: a later flush sends nothing again.
    await flushAnalytics()
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()
  })

  it('sends to the real server: POST /x-api/analytics, batches of 50 (waits on issue 4)', async () => {
    apiOrigin.origin = server.url
    expect(ANALYTICS_BATCH_SIZE).toBe(ANALYTICS_BATCH_LIMIT)
    const events = Array.from({ length: 51 }, (_, i) => ({ name: `e${i}`, time: Date.now() }))
    expect(await sendAnalyticsBatch(events)).toBe(51)
  })
})

describe('monitor', () => {
  it('uses the monitor script when present', async () => {
    const report = vi.fn()
    window.earnMonitor = { reportCustomEvent: report }
    await reportCustomEvent('socket_failure', { failures: 3 })
    delete window.earnMonitor
    expect(report).toHaveBeenCalledWith('socket_failure', { failures: 3 })
  })

  it('without it posts one batch with the custom event', async () => {
    const fixture = await startHttpFixture(() => ({ body: envelopeJson(0, { accepted: 1 }) }))
    apiOrigin.origin = fixture.url
    await reportCustomEvent('socket_failure', { failures: 3 })
    await fixture.close()
    expect(fixture.requests).toHaveLength(1)
    expect(fixture.requests[0]!.url).toBe('/x-api/analytics')
    expect(JSON.parse(fixture.requests[0]!.body)).toMatchObject({
      events: [{ name: CUSTOM_EVENT_NAME, params: { event: 'socket_failure', failures: 3 } }],
    })
  })

  it('the real server accepts the custom event; a dead server only warns', async () => {
    apiOrigin.origin = server.url
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await reportCustomEvent('probe')
    expect(warn).not.toHaveBeenCalled()
    apiOrigin.origin = 'http://127.0.0.1:1'
    await reportCustomEvent('probe')
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()
  })
})
