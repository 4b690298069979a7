import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { killStartedServers } from '../../support/server-process'
import { openSocket, post, securityServerForFile, type Conn } from './support'

// Issue 24, item 3: per-address limits treat an IPv6 /64 as one address. One customer line
// holds 2^64 addresses: an attacker who takes a new one for every request had a fresh
// allowance each time (login, register, analytics, sockets). The server sits behind one proxy
// (TRUST_PROXY_HOPS=1) that reports each client in X-Forwarded-For, as in a deployment.

afterAll(() => killStartedServers())

const server = securityServerForFile('production', {
  TRUST_PROXY_HOPS: '1',
  ANALYTICS_ANONYMOUS_PER_MINUTE: '3',
  SOCKET_CONNECTIONS_PER_IP: '2',
})

/** A new address in 2001:db8:<line>::/64 at every call: random interface identifiers. */
const inLine = (line: number) => () =>
  `2001:db8:0:${line.toString(16)}:${[0, 1, 2, 3].map(() => randomBytes(2).toString('hex')).join(':')}`
const from = (address: string) => ({ 'x-forwarded-for': address })

/** POSTs `times` bodies, each from a new address of the /64 `line`; the answers. */
async function fromOneLine(
  line: number,
  path: string,
  times: number,
  body: (i: number) => unknown,
) {
  const next = inLine(line)
  const answers = []
  for (let i = 0; i < times; i++)
    answers.push(await post(server().url, path, body(i), from(next())))
  return answers
}

describe('an IPv6 /64 is one address', () => {
  it('login: the 11th wrong password from the same /64 answers 429; another /64 is checked', async () => {
    const codes = (
      await fromOneLine(1, '/v1/auth/login', 11, (i) => ({
        email: `nobody${i}@earn.test`,
        password: 'wrong-password',
      }))
    ).map((r) => r.body.ret_code)
    const other = await post(
      server().url,
      '/v1/auth/login',
      { email: 'nobody@earn.test', password: 'wrong-password' },
      from(inLine(2)()),
    )
    console.log(
      `[security] 11 wrong passwords from 11 addresses of one /64: ${codes.join(',')}; from another /64: ${other.body.ret_code}`,
    )
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(10003))
    expect(codes[10]).toBe(10006)
    expect(other.body.ret_code).toBe(10003)
  })

  it('register: the 6th from the same /64 answers 429', async () => {
    const codes = (
      await fromOneLine(3, '/v1/auth/register', 6, (i) => ({
        email: `v6-${Date.now()}-${i}@earn.test`,
        password: 'password123',
      }))
    ).map((r) => r.body.ret_code)
    console.log(`[security] 6 registrations from 6 addresses of one /64: ${codes.join(',')}`)
    expect(codes).toEqual([0, 0, 0, 0, 0, 10006])
  })

  it('anonymous analytics: the 4th batch a minute from the same /64 answers 429', async () => {
    const statuses = (
      await fromOneLine(4, '/analytics', 4, () => ({ events: [{ name: 'v6_probe' }] }))
    ).map((r) => r.status)
    console.log(`[security] 4 analytics batches from 4 addresses of one /64: ${statuses.join(',')}`)
    expect(statuses).toEqual([200, 200, 200, 429])
  })

  it('sockets: the 3rd socket from the same /64 is refused at the upgrade (cap 2)', async () => {
    const next = inLine(5)
    const open: Conn[] = []
    const results: (number | 'open')[] = []
    for (const path of ['/spot/ws/quote/v1', '/x-api/earn/ws/public', '/spot/ws/quote/v1'])
      try {
        open.push(await openSocket(`ws://127.0.0.1:${server().port}${path}`, from(next())))
        results.push('open')
      } catch (err) {
        results.push((err as { status: number }).status)
      }
    // Another /64 still connects.
    const other = await openSocket(
      `ws://127.0.0.1:${server().port}/spot/ws/quote/v1`,
      from(inLine(6)()),
    )
    console.log(`[security] 3 sockets from 3 addresses of one /64: ${results.join(',')}`)
    for (const c of [...open, other]) c.ws.close()
    expect(results).toEqual(['open', 'open', 429])
  })
})
