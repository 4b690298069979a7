import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { earnProducts } from '../../../server/db/seed-earn'
import { killStartedServers } from '../../support/server-process'
import { loginCookie as loginWith, post, startSecurityServer, type SecurityServer } from './support'

// Deliver 6 and 7 (KYC), against a real server process in TEST_MODE (its clock can be moved).

afterAll(() => killStartedServers())

let server: SecurityServer
let cookie: string
beforeAll(async () => {
  server = await startSecurityServer('demo', { TEST_MODE: '1' })
  cookie = await loginCookie('kyc2@earn.test')
}, 90_000)
afterAll(() => server?.close())

const loginCookie = (email: string) => loginWith(server.url, email)
const earn = (call: string, body: unknown, as = cookie) =>
  post(server.url, `/s1/byfi/${call}`, body, { cookie: as })
let orderSeq = 0
const pay = (product_id: string, amount: string, as = cookie) =>
  earn('pay-order', { order_id: `sec-order-${Date.now()}-${++orderSeq}`, product_id, amount }, as)
const advance = async (seconds: number) =>
  (await earn('test/advance-clock', { seconds })).body.result.now as number

describe('money edges', () => {
  it('an amount finer than the coin precision answers 10001 and stores nothing', async () => {
    const before = await earn('get-positions', {})
    for (const call of ['preview-order', 'pay-order']) {
      const res =
        call === 'pay-order'
          ? await pay('flex-usdt', '10.00001')
          : await earn(call, { product_id: 'flex-usdt', amount: '10.000000000000000001' })
      console.log(
        `[security] ${call} 10.00001 USDT (4 digits): ${res.body.ret_code} ${res.body.ret_msg}`,
      )
      expect(res.body.ret_code).toBe(10001)
      expect(res.body.ret_msg).toMatch(/at most 4 decimals/)
    }
    expect((await earn('get-positions', {})).body.result).toEqual(before.body.result)
  })

  it('a flexible top-up a minute before the hour earns no hour for the new money', async () => {
    const first = await pay('flex-usdt', '1000')
    expect(first.body.ret_code, first.body.ret_msg).toBe(0)
    // Past the value date and a few whole hours of accrual.
    const now = await advance(3 * 3600)
    // To hh:59:00.
    await advance(3600 - (now % 3600) - 60)
    const position = () =>
      earn('get-positions', {}).then((r) =>
        r.body.result.positions.find((p: any) => p.product_id === 'flex-usdt')!,
      )
    const before = await position()
    expect(Number(before.total_yield)).toBeGreaterThan(0)
    // flex-usdt pays its first tier's APR on the first 2,000 USDT (seed-earn.ts).
    const flex = earnProducts(new Date()).find((p) => p.id === 'flex-usdt')!
    const tier = flex.aprTiers!.find(
      (t) => Number(t.min) <= 1000 && Number(t.max ?? Infinity) > 1000,
    )!
    const hourAt1000 = (1000 * Number(tier.apr)) / (365 * 24)
    const topUp = await pay('flex-usdt', '5000')
    expect(topUp.body.ret_code, topUp.body.ret_msg).toBe(0)
    // Two minutes later: past the whole hour, the accrual job has run.
    await advance(120)
    const after = await position()
    expect(Number(after.principal)).toBe(6000)
    const earned = Number(after.total_yield) - Number(before.total_yield)
    console.log(
      `[security] top-up of 5000 USDT at :59, 2 min later: +${earned.toFixed(8)} USDT (1000 USDT for an hour: ${hourAt1000.toFixed(8)}; 6000 for an hour would be far more)`,
    )
    // The old 1000 got its 59 minutes pro rata; the 5000 nothing yet.
    expect(earned).toBeLessThanOrEqual(hourAt1000 * 1.0001)
    expect(earned).toBeGreaterThanOrEqual(hourAt1000 * (58 / 60))
  })

  it.each([
    ['get-orders with a huge cursor', 'get-orders', { cursor: '999999999999999.ord_abc' }],
    ['get-orders with a cursor past year 9999', 'get-orders', { cursor: '300000000000000.ord_1' }],
    ['wallet records with a huge start_time', 'get-user-wallet-records', { start_time: 1e15 }],
    ['wallet records with a huge end_time', 'get-user-wallet-records', { end_time: 9e15 }],
    [
      'wallet records with a 19-digit cursor',
      'get-user-wallet-records',
      { cursor: '9'.repeat(19) },
    ],
  ])('%s answers 10001, never 500', async (_name, call, body) => {
    const res = await earn(call, body)
    expect(res.status).toBe(200)
    expect(res.body.ret_code).toBe(10001)
  })
})

describe('identity', () => {
  it('kyc_token is random per call, with nothing of the session in it', async () => {
    const a = await post(
      server.url,
      '/v3/private/kyc/kyc-info',
      { obtain_kyc_token: true },
      { cookie },
    )
    const b = await post(
      server.url,
      '/v3/private/kyc/kyc-info',
      { obtain_kyc_token: true },
      { cookie },
    )
    expect(a.body.result.kyc_token).toMatch(/^kyc_[\w-]{32}$/)
    expect(a.body.result.kyc_token).not.toBe(b.body.result.kyc_token)
    expect(a.body.result.kyc_token).not.toContain('100013')
  })

  it('the compliance wall reads the KYC-verified country, not the declared one', async () => {
    const walled = await loginCookie('walled@earn.test')
    const profile = await fetch(`${server.url}/x-api/v2/private/user/profile`, {
      headers: { cookie: walled },
    }).then((r) => r.json() as Promise<any>)
    // Declared GB at register; KYC verified US.
    expect(profile.result.country_code).toBe('GB')
    const kyc = await post(
      server.url,
      '/v3/private/kyc/kyc-info',
      { obtain_state: true },
      { cookie: walled },
    )
    expect(kyc.body.result.state.country_code).toBe('US')
    const res = await pay('flex-usdt', '100', walled)
    console.log(`[security] declared GB, KYC US: pay-order ${res.body.ret_code}`)
    expect(res.body.ret_code).toBe(10024)
  })
})
