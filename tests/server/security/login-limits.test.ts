import { TELEGRAM_LOGIN_PATH } from '../../../contract/paths'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEFAULT_ANALYTICS_ANONYMOUS_PER_MINUTE as ANALYTICS_ANONYMOUS_PER_MINUTE,
  DEV_BOT_TOKEN,
} from '../../../server/config'
import { DEMO_PASSWORD } from '../../../server/db/seed-identity'
import { LOGIN_FAILURE_LIMIT } from '../../../server/http/rate-limit'
import { REGISTER_PER_ADDRESS } from '../../../server/modules/identity/auth-routes'
import { killStartedServers } from '../../support/server-process'
import { initDataFor, signInitData } from '../support/identity'
import { post, startSecurityServer, type SecurityServer } from './support'

// Deliver 5 and 7 (initData replay), against a real server process. One proxy hop is trusted
// so each request can come "from" its own address (X-Forwarded-For), as behind a balancer.

afterAll(() => killStartedServers())

let server: SecurityServer
beforeAll(async () => {
  server = await startSecurityServer('demo', { TRUST_PROXY_HOPS: '1' })
}, 90_000)
afterAll(() => server?.close())

const from = (ip: string) => ({ 'x-forwarded-for': ip })
const login = (email: string, password: string, ip: string) =>
  post(server.url, '/v1/auth/login', { email, password }, from(ip))

describe('login', () => {
  it('40 parallel wrong passwords from one address: at most 10 are checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => login('kyc1@earn.test', 'wrong-password', '198.18.0.1')),
    )
    const checked = answers.filter((a) => a.body.ret_code === 10003).length
    const limited = answers.filter((a) => a.status === 429 && a.body.ret_code === 10006).length
    console.log(
      `[security] 40 parallel wrong passwords: ${checked} checked, ${limited} refused 429`,
    )
    expect(checked).toBeLessThanOrEqual(LOGIN_FAILURE_LIMIT)
    expect(checked + limited).toBe(40)
  })

  it("the owner logs in from a clean address despite others' failures on the account", async () => {
    for (let i = 0; i < 3 * LOGIN_FAILURE_LIMIT; i++)
      await login('kyc0@earn.test', 'wrong-password', `198.18.1.${i}`)
    // A failing address now has a single try on this account.
    const attacker = await login('kyc0@earn.test', 'another-guess', '198.18.1.0')
    expect(attacker.status).toBe(429)
    const owner = await login('kyc0@earn.test', DEMO_PASSWORD, '198.18.2.1')
    console.log(
      `[security] owner after 30 failures from 30 addresses: ret_code ${owner.body.ret_code}`,
    )
    expect(owner.body.ret_code).toBe(0)
    expect(owner.headers.get('set-cookie')).toMatch(/b_t_c_k_local=/)
    // 31 scrypt checks one after another: slow on a loaded CI machine.
  }, 120_000)
})

describe('register', () => {
  it('answers a taken email exactly like a free one', async () => {
    const taken = await post(
      server.url,
      '/v1/auth/register',
      { email: 'kyc2@earn.test', password: 'attacker-pass-1' },
      from('198.18.3.1'),
    )
    const free = await post(
      server.url,
      '/v1/auth/register',
      { email: 'someone.new@earn.test', password: 'new-user-pass-1' },
      from('198.18.3.2'),
    )
    expect(taken.status).toBe(free.status)
    expect(taken.body.ret_code).toBe(free.body.ret_code)
    expect(taken.body.ret_msg).toBe(free.body.ret_msg)
    expect(taken.body.result).toEqual(free.body.result)
    expect(taken.headers.get('set-cookie')).toBeNull()
    // And the taken account keeps its own password.
    expect((await login('kyc2@earn.test', 'attacker-pass-1', '198.18.3.3')).body.ret_code).toBe(
      10003,
    )
    expect(
      (await login('someone.new@earn.test', 'new-user-pass-1', '198.18.3.4')).body.ret_code,
    ).toBe(0)
  })

  it(`is limited per address: registration ${REGISTER_PER_ADDRESS + 1} answers 429`, async () => {
    const codes: number[] = []
    for (let i = 0; i <= REGISTER_PER_ADDRESS; i++) {
      const res = await post(
        server.url,
        '/v1/auth/register',
        { email: `bulk${i}@earn.test`, password: 'bulk-pass-123' },
        from('198.18.4.1'),
      )
      codes.push(res.status)
    }
    console.log(`[security] registrations from one address: ${codes.join(', ')}`)
    expect(codes.slice(0, REGISTER_PER_ADDRESS).every((s) => s === 200)).toBe(true)
    expect(codes.at(-1)).toBe(429)
  })

  it('bounds the scrypt work: a burst from many addresses is queued or refused 503, never piled up', async () => {
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        post(
          server.url,
          '/v1/auth/register',
          { email: `burst${i}@earn.test`, password: 'burst-pass-123' },
          from(`198.19.${i >> 8}.${i & 255}`),
        ),
      ),
    )
    const by = (s: number) => answers.filter((a) => a.status === s).length
    console.log(`[security] 120 parallel registrations: ${by(200)} accepted, ${by(503)} busy (503)`)
    expect(by(200) + by(503)).toBe(120)
    expect(by(503)).toBeGreaterThan(0)
    for (const a of answers.filter((x) => x.status === 503)) expect(a.body.ret_code).toBe(10006)
    expect((await fetch(`${server.url}/x-api/health`)).status).toBe(200)
  }, 120_000)
})

describe('telegram initData replay', () => {
  it(`one initData mints at most ${LOGIN_FAILURE_LIMIT} sessions per 15 min`, async () => {
    const { raw } = signInitData(
      initDataFor({ id: 777001, first_name: 'Replay' }, Math.floor(Date.now() / 1000)),
      DEV_BOT_TOKEN,
    )
    const codes: number[] = []
    for (let i = 0; i < LOGIN_FAILURE_LIMIT + 3; i++) {
      // From a new address each time: the per-address limit is not what stops it.
      const res = await post(
        server.url,
        TELEGRAM_LOGIN_PATH,
        { init_data: raw },
        from(`198.20.0.${i}`),
      )
      codes.push(res.body.ret_code)
    }
    console.log(`[security] the same initData 13 times: ${codes.join(',')}`)
    expect(codes.slice(0, LOGIN_FAILURE_LIMIT)).toEqual(Array(LOGIN_FAILURE_LIMIT).fill(0))
    expect(codes.slice(LOGIN_FAILURE_LIMIT)).toEqual([10006, 10006, 10006])
  })
})

describe('anonymous analytics', () => {
  it(`batch ${ANALYTICS_ANONYMOUS_PER_MINUTE + 1} in a minute from one address answers 429`, async () => {
    const statuses: number[] = []
    for (let i = 0; i <= ANALYTICS_ANONYMOUS_PER_MINUTE; i++) {
      const res = await post(
        server.url,
        '/analytics',
        { events: [{ name: 'page_view', params: { i } }] },
        from('198.21.0.1'),
      )
      statuses.push(res.status)
    }
    expect(statuses.slice(0, ANALYTICS_ANONYMOUS_PER_MINUTE).every((s) => s === 200)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
    // Another address is not affected.
    const other = await post(
      server.url,
      '/analytics',
      { events: [{ name: 'page_view' }] },
      from('198.21.0.2'),
    )
    expect(other.status).toBe(200)
  })
})
