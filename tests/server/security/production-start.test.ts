import { TELEGRAM_LOGIN_PATH } from '../../../contract/paths'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEFAULT_MARKET_SEED,
  DEV_BIOMETRY_KEY_SECRET,
  DEV_BOT_TOKEN,
  DEV_SESSION_SECRET,
} from '../../../server/config'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../server/db/seed-identity'
import { killStartedServers } from '../../support/server-process'
import { initDataFor, signInitData } from '../support/identity'
import { FIXED_SECRETS, post, runMain, startSecurityServer, type SecurityServer } from './support'

// Deliver 1 and 2: a production start refuses every development secret and test switch, and
// seeds the catalogue without a single demo account. Each attack runs against a real process.

afterAll(() => killStartedServers())

describe('a production start refuses development settings', () => {
  it('exits with "Invalid configuration" naming each dev secret, test switch and default', async () => {
    // Everything left at its development default, plus the switches a demo would set.
    const { code, output } = await runMain({
      NODE_ENV: 'production',
      BOT_TOKEN: '',
      SESSION_SECRET: '',
      BIOMETRY_KEY_SECRET: '',
      MARKET_SEED: '',
      PUBLIC_ORIGIN: '',
      TEST_MODE: '1',
      SEED_DEMO: '1',
    })
    console.log(`[security] production start with dev defaults: exit ${code}\n${output.trim()}`)
    expect(code).toBe(1)
    expect(output).toMatch(/^Invalid configuration:/m)
    for (const name of [
      'BOT_TOKEN',
      'SESSION_SECRET',
      'BIOMETRY_KEY_SECRET',
      'TEST_MODE',
      'SEED_DEMO',
      'MARKET_SEED',
      'PUBLIC_ORIGIN',
    ])
      expect(output).toMatch(new RegExp(`^  ${name}: `, 'm'))
    expect(output).not.toContain('Earn is running')
  })

  it('refuses the development values when they are given explicitly', async () => {
    const { code, output } = await runMain({
      NODE_ENV: 'production',
      BOT_TOKEN: DEV_BOT_TOKEN,
      SESSION_SECRET: DEV_SESSION_SECRET,
      BIOMETRY_KEY_SECRET: DEV_BIOMETRY_KEY_SECRET,
      MARKET_SEED: DEFAULT_MARKET_SEED,
      PUBLIC_ORIGIN: 'https://earn.example.com',
    })
    expect(code).toBe(1)
    for (const name of ['BOT_TOKEN', 'SESSION_SECRET', 'BIOMETRY_KEY_SECRET', 'MARKET_SEED'])
      expect(output).toMatch(new RegExp(`^  ${name}: `, 'm'))
    expect(output).not.toMatch(/^ {2}PUBLIC_ORIGIN: /m)
  })

  it('`--demo` (npm start) is refused in production too', async () => {
    const { code, output } = await runMain({
      NODE_ENV: 'production',
      ...FIXED_SECRETS,
      // main.ts turns --demo into SEED_DEMO; here the variable says the same.
      SEED_DEMO: 'true',
    })
    expect(code).toBe(1)
    expect(output).toMatch(/^ {2}SEED_DEMO: /m)
  })
})

describe('a production server', () => {
  let server: SecurityServer
  beforeAll(async () => {
    // Behind one proxy, as deployed: the demo logins below each come from their own address.
    server = await startSecurityServer('production', { TRUST_PROXY_HOPS: '1' })
  }, 90_000)
  afterAll(() => server?.close())

  it('says in its first line that it is no demo, and prints no demo logins', () => {
    const first = server.output().split('\n')[0]
    console.log(`[security] production banner: ${first}`)
    expect(first).toBe('Earn (NODE_ENV=production): no demo data')
    expect(server.output()).not.toContain(DEMO_PASSWORD)
    for (const a of DEMO_ACCOUNTS) expect(server.output()).not.toContain(a.email)
  })

  it('has the catalogue and config but no demo account to log in as', async () => {
    const cards = await post(server.url, '/s1/byfi/get-homepage-product-cards', {})
    expect(cards.body.ret_code).toBe(0)
    expect(cards.body.result.cards.length).toBeGreaterThan(0)
    const config = await post(server.url, '/v3/config/web', {
      project_name: 'earn',
      keys: ['earn_socket_enabled'],
    })
    expect(JSON.stringify(config.body.result)).toContain('true')
    let refused = 0
    // Each from its own address: there are as many demo accounts as an address may fail logins
    // (10 per 15 min), and the next test logs in from this machine's.
    for (const [i, a] of DEMO_ACCOUNTS.entries()) {
      const res = await post(
        server.url,
        '/v1/auth/login',
        { email: a.email, password: DEMO_PASSWORD },
        { 'x-forwarded-for': `198.51.100.${i + 1}` },
      )
      if (res.body.ret_code === 10003) refused++
    }
    console.log(`[security] demo logins refused on production: ${refused}/${DEMO_ACCOUNTS.length}`)
    expect(refused).toBe(DEMO_ACCOUNTS.length)
  })

  it('refuses initData signed with the development bot token (anyone could sign it)', async () => {
    const forged = signInitData(
      initDataFor({ id: 424242, first_name: 'Mallory' }, Math.floor(Date.now() / 1000)),
      DEV_BOT_TOKEN,
    )
    const res = await post(server.url, TELEGRAM_LOGIN_PATH, { init_data: forged.raw })
    expect(res.body.ret_code).toBe(10003)
    expect(res.headers.get('set-cookie')).toBeNull()
    // The deployment's own token works: the refusal is the signature, not the endpoint.
    const real = signInitData(
      initDataFor({ id: 424242, first_name: 'Mallory' }, Math.floor(Date.now() / 1000)),
      server.env.BOT_TOKEN!,
    )
    expect(
      (await post(server.url, TELEGRAM_LOGIN_PATH, { init_data: real.raw })).body.ret_code,
    ).toBe(0)
  })

  it('has no test endpoints', async () => {
    const res = await post(server.url, '/s1/byfi/test/advance-clock', { seconds: 3600 })
    expect(res.status).toBe(404)
  })
})
