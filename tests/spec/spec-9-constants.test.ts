// Spec §9 (business constants and limits) as the client uses them.
import { describe, expect, it } from 'vitest'
import {
  AUTH_COOKIE_BASE,
  AUTH_COOKIE_MAX_AGE_SECONDS,
  GRAY_RELEASE_COOKIE_MAX_AGE_SECONDS,
  GUID_COOKIE_MAX_AGE_SECONDS,
  authCookieName,
} from '../../contract/cookie-names'
import { CAPTURE_FETCH_TIMEOUT_MS } from '../../src/lib/analytics/monitor'
import { MIN_APP_BRIDGE_VERSION } from '../../src/lib/app-bridge/app-bridge-version'
import { BACKOFF_DEFAULTS } from '../../src/lib/backoff/backoff'
import { COIN_LIST_WARN_SIZE } from '../../src/lib/coins/coins'
import { WHITELIST_DROP_MS, WHITELIST_STALE_MS } from '../../src/lib/gray-release/whitelist'
import { API_TIMEOUT_MS } from '../../src/lib/http/api-client'
import { EARN_TIMEOUT_MS } from '../../src/lib/http/earn-client'
import { GUID_LENGTH } from '../../src/lib/http/guid'
import { DEFAULT_IMAGE_QUALITY, IMAGE_DENSITIES } from '../../src/lib/images/image-url'
import { BREAKPOINTS } from '../../src/lib/layout/breakpoints'
import { FALLBACK_LANGUAGE_CODE, RTL_LANGUAGES, mapLocale } from '../../src/lib/locale/locale'
import { QUERY_DEFAULTS, SUSPENSE_TIMEOUT_MS } from '../../src/lib/query/query-client'
import { EARN_SOCKET } from '../../src/lib/sockets/earn-socket'
import { SPOT_HEARTBEAT_MS } from '../../src/lib/sockets/spot-quote-socket'
import { STABLE_COINS, TICKER_BATCH_SIZE } from '../../src/lib/tickers/tickers'
import { CLOCK_SKEW_TOLERANCE_MS, TIME_REQUEST_TIMEOUT_MS } from '../../src/lib/time/server-time'
import { TIME_FORMATS } from '../../src/lib/time/time-format'
import { EMPTY_PERCENT, formatPercent } from '../../src/lib/format/percent'

const DAY = 86_400

describe('§9 numbers', () => {
  it.each([
    ['earn API timeout', EARN_TIMEOUT_MS, 5000],
    ['generic HTTP timeout', API_TIMEOUT_MS, 30_000],
    ['time request timeout', TIME_REQUEST_TIMEOUT_MS, 2000],
    ['capture fetch timeout', CAPTURE_FETCH_TIMEOUT_MS, 30_000],
    ['coin list warning size', COIN_LIST_WARN_SIZE, 300],
    ['ticker batch', TICKER_BATCH_SIZE, 100],
    ['whitelist stale', WHITELIST_STALE_MS, 60_000],
    ['whitelist dropped', WHITELIST_DROP_MS, 600_000],
    ['gray-release cookie', GRAY_RELEASE_COOKIE_MAX_AGE_SECONDS, 7 * DAY],
    ['auth cookie', AUTH_COOKIE_MAX_AGE_SECONDS, 7 * DAY],
    ['guid cookie', GUID_COOKIE_MAX_AGE_SECONDS, 120 * DAY],
    ['guid length', GUID_LENGTH, 36],
    ['earn socket connect timeout', EARN_SOCKET.connectTimeoutMs, 10_000],
    ['earn socket ping', EARN_SOCKET.pingIntervalMs, 15_000],
    ['earn socket pong wait', EARN_SOCKET.pongWaitMs, 3000],
    ['earn socket reconnect min', EARN_SOCKET.reconnectMinMs, 1000],
    ['earn socket reconnect max', EARN_SOCKET.reconnectMaxMs, 5000],
    ['earn socket jitter', EARN_SOCKET.reconnectJitter, 0.5],
    ['earn socket attempts', EARN_SOCKET.maxReconnectAttempts, Number.POSITIVE_INFINITY],
    ['failure report threshold', EARN_SOCKET.failureReportThreshold, 3],
    ['failure report interval', EARN_SOCKET.failureReportInterval, 3],
    ['failure report max', EARN_SOCKET.failureReportMax, 22],
    ['spot socket heartbeat', SPOT_HEARTBEAT_MS, 10_000],
    ['backoff min', BACKOFF_DEFAULTS.minMs, 100],
    ['backoff max', BACKOFF_DEFAULTS.maxMs, 10_000],
    ['backoff factor', BACKOFF_DEFAULTS.factor, 2],
    ['backoff jitter default', BACKOFF_DEFAULTS.jitter, 0],
    ['clock skew tolerance', CLOCK_SKEW_TOLERANCE_MS, 10_000],
    ['suspense timeout', SUSPENSE_TIMEOUT_MS, 120_000],
    ['request cache', QUERY_DEFAULTS.gcTimeMs, 300_000],
    ['focus refresh', QUERY_DEFAULTS.focusRefreshMs, 5000],
    ['retry delay start', QUERY_DEFAULTS.retryDelayStartMs, 1000],
    ['retry delay max', QUERY_DEFAULTS.retryDelayMaxMs, 30_000],
    ['webp quality', DEFAULT_IMAGE_QUALITY.webp, 80],
    ['avif quality', DEFAULT_IMAGE_QUALITY.avif, 60],
    ['mobile max width (below md)', BREAKPOINTS.md - 1, 767],
    ['web breakpoint (xl)', BREAKPOINTS.xl, 1200],
  ])('%s = %s', (_name, actual, expected) => expect(actual).toBe(expected))
})

describe('§9 names and lists', () => {
  it('stable coins, densities, breakpoints, formats, app version', () => {
    expect(STABLE_COINS).toEqual(['USDT', 'USDC', 'BUSD', 'DAI'])
    expect(IMAGE_DENSITIES).toEqual([1, 1.5, 2, 2.5, 3])
    expect(BREAKPOINTS).toEqual({ xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 })
    expect(TIME_FORMATS).toEqual({
      date: 'YYYY-MM-DD',
      dateTime: 'YYYY-MM-DD HH:mm:ss',
      iso: 'YYYY-MM-DDTHH:mm:ssZ',
    })
    expect(MIN_APP_BRIDGE_VERSION).toBe('3.6.1')
    expect([EMPTY_PERCENT, formatPercent('')]).toEqual(['--', '--'])
  })

  it('cookie name: b_t_c_k plus the environment suffix when not www or m', () => {
    expect(AUTH_COOKIE_BASE).toBe('b_t_c_k')
    expect(authCookieName('m.example.com')).toBe('b_t_c_k')
    expect(authCookieName('testnet.example.com')).toBe('b_t_c_k_testnet')
  })

  it.each([
    ['tr-TUR', 'tr-TR'],
    ['kk-KAZ', 'kk-KZ'],
    ['en-KAZ', 'en'],
    ['ru-KAZ', 'ru-RU'],
    ['ar-ARE', 'ar-SA'],
    ['en-ARE', 'en'],
    ['de-EU', 'de-DE'],
    ['fr-EU', 'fr-FR'],
    ['es-EU', 'es-ES'],
    ['ka-GEO', 'ka-GE'],
    ['id-IDN', 'id-ID'],
  ])('locale %s → %s', (from, to) => expect(mapLocale(from)).toBe(to))

  it('ed-ED is the fallback language; ar-SA is right-to-left', () => {
    expect(FALLBACK_LANGUAGE_CODE).toBe('ed-ED')
    expect(mapLocale('ed-ED')).toBe('en')
    expect(RTL_LANGUAGES).toEqual(['ar-SA'])
  })
})
