import { beforeEach, afterEach, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../../server/db/seed-identity'
import { LOGIN_FAILURE_LIMIT } from '../../server/http/rate-limit'
import { createTestApp, type TestApp } from '../support/test-app'
import { HOST } from './support/identity'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.close())

const LOGIN = '/x-api/v1/auth/login'

/** A login from a given peer address (the Node adapter's socket, as in production). */
async function login(
  email: string,
  password: string,
  ip = '203.0.113.7',
  headers: Record<string, string> = {},
  app = t,
) {
  const res = await app.app.request(
    LOGIN,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: HOST, ...headers },
      body: JSON.stringify({ email, password }),
    },
    { incoming: { socket: { remoteAddress: ip } } },
  )
  return { status: res.status, headers: res.headers, body: (await res.json()) as any }
}

describe('login attempts are limited (10 failures / 15 min)', () => {
  it('per account: failures from many addresses tighten each failing address, not the owner', async () => {
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      // Spread over many addresses so only the account's count grows.
      const res = await login('kyc0@earn.test', 'wrong-password', `198.51.100.${i}`)
      expect(res.body.ret_code).toBe(10003)
    }
    // The owner, from an address that has not failed, is not locked out by those failures.
    expect((await login('kyc0@earn.test', DEMO_PASSWORD, '198.51.100.200')).body.ret_code).toBe(0)

    // Under attack (10+ failures), an address may fail 3 times on the account, then 429.
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++)
      await login('kyc1@earn.test', 'wrong-password', `198.51.100.${i}`)
    for (let i = 0; i < 3; i++)
      expect((await login('kyc1@earn.test', 'wrong', '203.0.113.99')).body.ret_code).toBe(10003)
    const blocked = await login('kyc1@earn.test', DEMO_PASSWORD, '203.0.113.99')
    expect(blocked.status).toBe(429)
    expect(blocked.body.ret_code).toBe(10006)
    expect(blocked.body.ret_msg).toMatch(/try again/)
    const retryAfter = Number(blocked.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(14 * 60)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    expect(blocked.headers.get('set-cookie')).toBeNull()

    // When the window has passed, that address may log in again.
    t.clock.advance(15 * 60 * 1000 + 1000)
    expect((await login('kyc1@earn.test', DEMO_PASSWORD, '203.0.113.99')).body.ret_code).toBe(0)
  })

  it('per IP: 10 failures on different accounts block that address only', async () => {
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      await login(`nobody${i}@earn.test`, 'wrong-password', '192.0.2.50')
    }
    const blocked = await login('kyc2@earn.test', DEMO_PASSWORD, '192.0.2.50')
    expect(blocked.status).toBe(429)
    expect(blocked.body.ret_code).toBe(10006)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await login('kyc2@earn.test', DEMO_PASSWORD, '192.0.2.51')).body.ret_code).toBe(0)
  })

  it('a successful login clears the account counter', async () => {
    for (let i = 0; i < LOGIN_FAILURE_LIMIT - 1; i++) {
      await login('kyc1@earn.test', 'wrong-password', `198.51.100.${i}`)
    }
    expect((await login('kyc1@earn.test', DEMO_PASSWORD, '198.51.100.99')).body.ret_code).toBe(0)
    const res = await login('kyc1@earn.test', 'wrong-password', '198.51.100.98')
    expect(res.body.ret_code).toBe(10003)
  })
})

describe('behind a load balancer (TRUST_PROXY_HOPS)', () => {
  const PROXY = '10.0.0.2'

  it('with 1 trusted hop, the per-IP limit counts the address the proxy appended', async () => {
    const behind = await createTestApp({ config: { TRUST_PROXY_HOPS: 1 } })
    try {
      // The client claims another address on the left; only the proxy's entry counts.
      for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
        const xff = { 'x-forwarded-for': `1.2.3.${i}, 192.0.2.60` }
        await login(`nobody${i}@earn.test`, 'wrong-password', PROXY, xff, behind)
      }
      const xff = (ip: string) => ({ 'x-forwarded-for': ip })
      const blocked = await login('kyc2@earn.test', DEMO_PASSWORD, PROXY, xff('192.0.2.60'), behind)
      expect(blocked.body.ret_code).toBe(10006)
      // Another user behind the same proxy is not blocked with them.
      const other = await login('kyc2@earn.test', DEMO_PASSWORD, PROXY, xff('192.0.2.61'), behind)
      expect(other.body.ret_code).toBe(0)
    } finally {
      await behind.close()
    }
  })

  it('with no trusted hop (default), a forged X-Forwarded-For does not dodge the limit', async () => {
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      const xff = { 'x-forwarded-for': `198.18.0.${i}` }
      await login(`nobody${i}@earn.test`, 'wrong-password', '192.0.2.70', xff)
    }
    const forged = { 'x-forwarded-for': '198.18.0.250' }
    const blocked = await login('kyc2@earn.test', DEMO_PASSWORD, '192.0.2.70', forged)
    expect(blocked.body.ret_code).toBe(10006)
  })
})
