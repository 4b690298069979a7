import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OrderRetCode } from '../../../contract/order-ret-codes'
import { RetCode } from '../../../contract/ret-codes'
import { killStartedServers } from '../../support/server-process'
import { loginCookie, post, securityServerForFile, type SecurityServer } from '../security/support'

// Issue 24, item 9: parallel pay-orders cannot all pass a count that none of them is in yet
// (countOrderRate in earn/order-checks.ts: since issue 28, one statement on the user's counter
// row, whose lock orders them). PGlite serialises requests, so the race is PostgreSQL's: here,
// a server process on TEST_DATABASE_URL's server (scripts/with-postgres.sh).

afterAll(() => killStartedServers())

const file = securityServerForFile('demo', { TEST_MODE: '1' })
let server: SecurityServer
let cookie: string
beforeAll(async () => {
  server = file()
  cookie = await loginCookie(server.url, 'kyc2@earn.test')
})

const earn = (call: string, body: unknown) => post(server.url, `/s1/byfi/${call}`, body, { cookie })

describe('pay-order rate limit on PostgreSQL', () => {
  it('20 parallel pay-orders at 5 a minute: exactly 5 pass, the rest answer 315', async () => {
    expect(process.env.TEST_DATABASE_URL, 'run under scripts/with-postgres.sh').toBeTruthy()
    const limit = await earn('test/earn-setting', {
      name: 'order_rate_limit_per_minute',
      value: '5',
    })
    expect(limit.body.ret_code).toBe(RetCode.OK)
    await earn('test/advance-clock', { seconds: 61 })
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        earn('pay-order', {
          order_id: `pg-rate-${Date.now()}-${i}`,
          product_id: 'flex-usdt',
          amount: '1',
        }),
      ),
    )
    const codes = answers.map((a) => a.body.ret_code as number)
    const passed = codes.filter((c) => c === RetCode.OK).length
    const limited = codes.filter((c) => c === OrderRetCode.RateLimit).length
    console.log(
      `[security] PostgreSQL: 20 parallel pay-orders at 5/min: ${passed} passed, ${limited} answered 315`,
    )
    // Each call counts itself on the counter row under its lock: never more than the limit
    // pass, and a refused call takes no room from the others, so the whole room is used.
    expect(passed).toBe(5)
    expect(limited).toBe(15)
  })
})
