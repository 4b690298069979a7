import { count } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { RetCode } from '../../../contract/ret-codes'
import { openDatabase } from '../../../server/db/client'
import { analyticsEvents } from '../../../server/db/schema'
import { ANALYTICS_RETENTION_DAYS } from '../../../server/modules/analytics/routes'
import { killStartedServers } from '../../support/server-process'
import { post, securityServerForFile } from './support'

// Deliver 5's limits that only show over time (the global register limit's window, analytics
// expiry), against a real server process in TEST_MODE: its own clock is moved with
// /test/advance-clock, so the 15-minute window and the 90-day retention pass in seconds.
// One proxy hop is trusted so each request can come "from" its own address (X-Forwarded-For).

afterAll(() => killStartedServers())

/** Small, so the test does not pay 300 scrypt hashes; production keeps the default (300). */
const GLOBAL = 6
const DAY = 86_400

const server = securityServerForFile('demo', {
  TEST_MODE: '1',
  TRUST_PROXY_HOPS: '1',
  REGISTER_GLOBAL_LIMIT: String(GLOBAL),
})

const from = (ip: string) => ({ 'x-forwarded-for': ip })
const advance = async (seconds: number) => {
  const res = await post(server().url, '/s1/byfi/test/advance-clock', { seconds })
  expect(res.body.ret_code, res.body.ret_msg).toBe(0)
  return res.body.result.now as number
}
const register = (email: string, ip: string) =>
  post(server().url, '/v1/auth/register', { email, password: 'global-pass-123' }, from(ip))
const login = (email: string, ip: string) =>
  post(server().url, '/v1/auth/login', { email, password: 'global-pass-123' }, from(ip))

describe('register, from everywhere', () => {
  it(`refuses registration ${GLOBAL + 1} in 15 min from new addresses, then accepts after Retry-After`, async () => {
    const statuses: number[] = []
    // One registration per address: the per-address limit (5) never applies.
    for (let i = 0; i < GLOBAL; i++)
      statuses.push((await register(`global${i}@earn.test`, `198.51.100.${i}`)).status)
    expect(statuses).toEqual(Array(GLOBAL).fill(200))

    const refused = await register('global-late@earn.test', '198.51.100.200')
    const retryAfter = Number(refused.headers.get('retry-after'))
    console.log(
      `[security] ${GLOBAL} registrations from ${GLOBAL} addresses: ${statuses.join(', ')}; ` +
        `the next from a new address: ${refused.status} ret_code ${refused.body.ret_code} ` +
        `"${refused.body.ret_msg}", Retry-After ${retryAfter} s`,
    )
    expect(refused.status).toBe(429)
    expect(refused.body.ret_code).toBe(RetCode.TooManyRequests)
    expect(refused.body.ret_msg).toMatch(/too many registrations/)
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    // The refused registration created no account.
    expect((await login('global-late@earn.test', '198.51.100.201')).body.ret_code).toBe(
      RetCode.InvalidCredentials,
    )

    // Still refused a little before the window frees up (another new address).
    await advance(Math.max(0, retryAfter - 30))
    expect((await register('global-early@earn.test', '198.51.100.202')).status).toBe(429)

    // Once the server's clock has passed Retry-After, a new address registers again.
    await advance(30)
    const again = await register('global-late@earn.test', '198.51.100.200')
    console.log(
      `[security] after Retry-After on the server's clock: ${again.status} ret_code ${again.body.ret_code}`,
    )
    expect(again.status).toBe(200)
    expect(again.body.ret_code).toBe(RetCode.OK)
    expect((await login('global-late@earn.test', '198.51.100.203')).body.ret_code).toBe(RetCode.OK)
  }, 60_000)
})

describe('analytics retention', () => {
  const send = (name: string, n: number, ip: string) =>
    post(
      server().url,
      '/analytics',
      { events: Array.from({ length: n }, (_, i) => ({ name, params: { i } })) },
      from(ip),
    )

  it(`the running server deletes events older than ${ANALYTICS_RETENTION_DAYS} days and keeps newer ones`, async () => {
    // Day 0: the old events (this write also runs the hourly prune: nothing is that old yet).
    expect((await send('retention_old', 3, '198.51.101.1')).status).toBe(200)
    // Day 89: recent events; their write prunes again (more than an hour later), before day 0.
    await advance((ANALYTICS_RETENTION_DAYS - 1) * DAY)
    expect((await send('retention_recent', 2, '198.51.101.2')).status).toBe(200)
    // Day 91: the day-0 events are past the retention, the day-89 ones are 2 days old.
    await advance(2 * DAY)
    expect((await send('retention_now', 1, '198.51.101.3')).status).toBe(200)

    // The process owns its database: stop it cleanly, then read what it left.
    expect(await server().stop()).toBe(0)
    const database = await openDatabase(server().database)
    try {
      const rows = await database.db
        .select({ name: analyticsEvents.name, n: count() })
        .from(analyticsEvents)
        .groupBy(analyticsEvents.name)
      const left = Object.fromEntries(rows.map((r) => [r.name, r.n]))
      console.log(
        `[security] analytics rows after 91 days on the server's clock: ` +
          `day 0 ${left.retention_old ?? 0} of 3, day 89 ${left.retention_recent ?? 0} of 2, ` +
          `day 91 ${left.retention_now ?? 0} of 1`,
      )
      expect(left.retention_old ?? 0).toBe(0)
      expect(left.retention_recent).toBe(2)
      expect(left.retention_now).toBe(1)
    } finally {
      await database.close()
    }
  }, 120_000)
})
