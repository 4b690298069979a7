import { TELEGRAM_LOGIN_PATH } from '../../../contract/paths'
import { afterAll, describe, expect, it } from 'vitest'
import { DEV_BOT_TOKEN } from '../../../server/config'
import { killStartedServers } from '../../support/server-process'
import { initDataFor, signInitData } from '../support/identity'
import { FIXED_SECRETS, post, runMain, securityServerForFile } from './support'

// Issue 24, item 2: safe when misconfigured. Every production refusal used to be skipped
// unless NODE_ENV was exactly "production": `npm run serve` with NODE_ENV unset ran on the
// public development bot token and session secret. Now only an explicit development or test
// start (npm start's --demo, npm run dev, the tests) may use them.

afterAll(() => killStartedServers())

const PRODUCTION_VARIABLES = [
  'BOT_TOKEN',
  'SESSION_SECRET',
  'BIOMETRY_KEY_SECRET',
  'MARKET_SEED',
  'PUBLIC_ORIGIN',
]

describe('a start that forgot NODE_ENV', () => {
  it('npm run serve with NODE_ENV unset (or misspelt) refuses the development defaults', async () => {
    for (const NODE_ENV of ['', 'staging', 'prod']) {
      const { code, output } = await runMain({
        NODE_ENV,
        BOT_TOKEN: '',
        SESSION_SECRET: '',
        BIOMETRY_KEY_SECRET: '',
        MARKET_SEED: '',
        PUBLIC_ORIGIN: '',
        TEST_MODE: '',
        SEED_DEMO: '',
      })
      const named = PRODUCTION_VARIABLES.filter((v) => new RegExp(`^  ${v}: `, 'm').test(output))
      console.log(
        `[security] npm run serve, NODE_ENV=${JSON.stringify(NODE_ENV)}, no secrets: exit ${code}, names ${named.join(', ')}`,
      )
      expect(code).toBe(1)
      expect(output).toMatch(/^Invalid configuration:/m)
      expect(named).toEqual(PRODUCTION_VARIABLES)
      expect(output).not.toContain('Earn is running')
    }
  }, 120_000)

  it('test switches need an explicit development start too', async () => {
    const { code, output } = await runMain({
      NODE_ENV: '',
      ...FIXED_SECRETS,
      TEST_MODE: '1',
      SEED_DEMO: '1',
    })
    expect(code).toBe(1)
    expect(output).toMatch(/^ {2}TEST_MODE: /m)
    expect(output).toMatch(/^ {2}SEED_DEMO: /m)
  }, 60_000)
})

describe('a server started with real secrets but NODE_ENV unset', () => {
  // Real secrets, NODE_ENV unset, hops left at 0: what a forgetful deployment runs.
  const server = securityServerForFile('production', { NODE_ENV: '', TRUST_PROXY_HOPS: '' })

  it('runs as production: says so, and initData signed with the development token is refused', async () => {
    const { url, output } = server()
    const first = output().split('\n')[0]
    console.log(`[security] banner with NODE_ENV unset: ${first}`)
    expect(first).toBe('Earn (NODE_ENV=production (unset: the default)): no demo data')
    const forged = signInitData(
      initDataFor({ id: 4242, first_name: 'Mallory' }, Math.floor(Date.now() / 1000)),
      DEV_BOT_TOKEN,
    )
    const res = await post(url, TELEGRAM_LOGIN_PATH, { init_data: forged.raw })
    expect(res.body.ret_code).toBe(10003)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect((await post(url, '/s1/byfi/test/advance-clock', { seconds: 60 })).status).toBe(404)
  })

  it('says once, at the first X-Forwarded-For, that TRUST_PROXY_HOPS=0 counts the proxy', async () => {
    const { url, output } = server()
    const warning = /X-Forwarded-For but TRUST_PROXY_HOPS=0/g
    await fetch(`${url}/x-api/health`)
    expect(output()).not.toMatch(warning)
    for (let i = 0; i < 3; i++)
      await fetch(`${url}/x-api/health`, { headers: { 'x-forwarded-for': `203.0.113.${i}` } })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const said = output().match(warning) ?? []
    console.log(
      `[security] 3 requests with X-Forwarded-For, hops 0: warned ${said.length} time(s): ${output()
        .split('\n')
        .find((l) => l.includes('TRUST_PROXY_HOPS=0'))}`,
    )
    expect(said.length).toBe(1)
  })
})
