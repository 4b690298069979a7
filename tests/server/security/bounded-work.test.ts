import { TELEGRAM_LOGIN_PATH } from '../../../contract/paths'
import { like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_BOT_TOKEN } from '../../../server/config'
import { openDatabase } from '../../../server/db/client'
import { loginFailures } from '../../../server/db/schema'
import { FAILED_ORDERS_KEPT } from '../../../server/modules/earn/idempotency'
import { samplesPerCandle } from '../../../server/modules/market/candle-intervals'
import { KLINE_SAMPLE_BUDGET } from '../../../server/modules/market/routes'
import { RetCode } from '../../../contract/ret-codes'
import { killStartedServers } from '../../support/server-process'
import { initDataFor, signInitData } from '../support/identity'
import {
  loginCookie,
  openSocket,
  post,
  securityServerForFile,
  within,
  type SecurityServer,
} from './support'
import { SocketCloseCode } from '../../../contract/socket-close-codes'

// Issue 24, item 9: bounded work per request and per user. Against a demo server process in
// TEST_MODE (its clock and operator switches can be moved).

afterAll(() => killStartedServers())

const file = securityServerForFile('demo', { TEST_MODE: '1', EARN_SOCKET_SESSION_CHECK_MS: '300' })
let server: SecurityServer
let cookie: string
const loginAs = (email: string) => loginCookie(server.url, email)
beforeAll(async () => {
  server = file()
  cookie = await loginAs('kyc2@earn.test')
})

const earn = (call: string, body: unknown, as = cookie) =>
  post(server.url, `/s1/byfi/${call}`, body, { cookie: as })
let seq = 0
const orderId = () => `bw-${Date.now()}-${++seq}`
const setting = async (name: string, value: string) =>
  expect((await earn('test/earn-setting', { name, value })).body.ret_code).toBe(0)
const nextMinute = () => earn('test/advance-clock', { seconds: 61 })

describe('order rate limits', () => {
  it('pay-order reserves before it counts: of 20 parallel pay-orders at most 5 pass (limit 5)', async () => {
    await setting('order_rate_limit_per_minute', '5')
    await nextMinute()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        earn('pay-order', { order_id: orderId(), product_id: 'flex-usdt', amount: '1' }),
      ),
    )
    const codes = answers.map((a) => a.body.ret_code as number)
    const passed = codes.filter((c) => c !== 315).length
    console.log(
      `[security] 20 parallel pay-orders at 5/min: ${passed} passed the limit, ${codes.filter((c) => c === 315).length} answered 315`,
    )
    expect(passed).toBeLessThanOrEqual(5)
    expect(codes.filter((c) => c === 0).length).toBeGreaterThan(0)
  })

  it.each([
    ['redeem', () => ({ order_id: orderId(), position_id: 'pos_none' })],
    ['claim-yield', () => ({ order_id: orderId() })],
    ['operate-liquidity', () => ({ order_id: orderId(), position_id: 'pos_none', operation: 2 })],
  ])('%s: the 6th call a minute answers 315 (limit 5)', async (call, body) => {
    await nextMinute()
    const first = body()
    const codes: number[] = [(await earn(call, first)).body.ret_code]
    for (let i = 1; i < 6; i++) codes.push((await earn(call, body())).body.ret_code)
    console.log(`[security] 6 ${call} calls at 5/min: ${codes.join(',')}`)
    expect(codes.slice(0, 5)).not.toContain(315)
    expect(codes[5]).toBe(315)
    // A retry of a known order replays its answer, without counting again.
    expect((await earn(call, first)).body.ret_code).toBe(codes[0])
  })

  it(`refused pay-orders do not grow earn_orders without bound: ${FAILED_ORDERS_KEPT} kept`, async () => {
    await setting('order_rate_limit_per_minute', '1000')
    await nextMinute()
    const refusals = FAILED_ORDERS_KEPT + 20
    for (let i = 0; i < refusals; i++) {
      const res = await earn('pay-order', {
        order_id: orderId(),
        product_id: 'flex-usdt',
        // Over the per-order maximum (100,000) and within the quota: refused after its order
        // row is written (a sold-out answer comes before any row, issue 28).
        amount: '100001',
      })
      expect(res.body.ret_code).not.toBe(0)
    }
    let failed = 0
    let cursor: string | undefined
    do {
      const page = await earn('get-orders', {
        status: 'failed',
        limit: 100,
        ...(cursor ? { cursor } : {}),
      })
      failed += page.body.result.orders.length
      cursor = page.body.result.next_cursor ?? undefined
    } while (cursor)
    console.log(`[security] ${refusals} refused pay-orders: ${failed} failed orders kept`)
    expect(failed).toBe(FAILED_ORDERS_KEPT)
  }, 120_000)
})

describe('the anonymous kline call', () => {
  it(`is bounded by candles × samples (${KLINE_SAMPLE_BUDGET}): 10001 beyond, within it 0`, async () => {
    const kline = async (interval: string, limit: number) => {
      const res = await fetch(
        `${server.url}/x-api/spot/api/quote/v1/kline?symbol=BTCUSDT&interval=${interval}&limit=${limit}`,
      )
      return ((await res.json()) as { ret_code: number }).ret_code
    }
    const within = Math.floor(KLINE_SAMPLE_BUDGET / samplesPerCandle('1h'))
    const codes = {
      '1m×1000': await kline('1m', 1000),
      [`1h×${within}`]: await kline('1h', within),
      [`1h×${within + 1}`]: await kline('1h', within + 1),
      '3m×1000': await kline('3m', 1000),
    }
    console.log(`[security] kline without a session: ${JSON.stringify(codes)}`)
    expect(Object.values(codes)).toEqual([
      RetCode.OK,
      RetCode.OK,
      RetCode.InvalidRequest,
      RetCode.InvalidRequest,
    ])
  })
})

describe('a frozen account', () => {
  it('its open realtime_w closes (4001) and a new one is refused (403)', async () => {
    const frozen = await loginAs('kyc1@earn.test')
    const url = `ws://127.0.0.1:${server.port}/x-api/earn/ws/realtime_w`
    const conn = await openSocket(url, { cookie: frozen })
    const started = Date.now()
    expect((await earn('test/account-status', { status: 2 }, frozen)).body.ret_code).toBe(0)
    const closed = await within(conn.closed, 5_000)
    console.log(
      `[security] realtime_w of a frozen account: closed ${closed.code} after ${Date.now() - started} ms`,
    )
    expect(closed.code).toBe(SocketCloseCode.SessionEnded)
    const again = await openSocket(url, { cookie: frozen }).catch((err: { status: number }) => err)
    expect((again as { status: number }).status).toBe(403)
  })
})

describe('login_failures', () => {
  it('rows of successful Telegram logins are pruned once out of the window', async () => {
    const login = async (id: number) => {
      const now = Number((await earn('test/advance-clock', { seconds: 1 })).body.result.now)
      const signed = signInitData(initDataFor({ id, first_name: 'Bounded' }, now), DEV_BOT_TOKEN)
      const res = await post(server.url, TELEGRAM_LOGIN_PATH, { init_data: signed.raw })
      expect(res.body.ret_code).toBe(0)
    }
    for (const id of [7001, 7002, 7003]) await login(id)
    await earn('test/advance-clock', { seconds: 16 * 60 })
    await login(7004)
    await server.stop()
    const handle = await openDatabase(server.database)
    try {
      const rows = await handle.db
        .select({ n: sql<number>`count(*)::int` })
        .from(loginFailures)
        .where(like(loginFailures.key, 'tg-init:%'))
      console.log(
        `[security] 4 Telegram logins, 16 min between the 3rd and 4th: ${rows[0]!.n} rows left`,
      )
      expect(rows[0]!.n).toBe(1)
    } finally {
      await handle.close()
    }
  }, 120_000)
})
