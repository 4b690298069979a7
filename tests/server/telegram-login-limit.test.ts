import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOGIN_FAILURE_LIMIT } from '../../server/http/rate-limit'
import { createTestApp, type TestApp } from '../support/test-app'
import { HOST, initDataFor, signInitData } from './support/identity'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ config: { TELEGRAM_AUTH_MAX_AGE_SECONDS: 3600 } })
})
afterAll(() => t.close())

const launch = (init_data: string) =>
  t.post('/x-api/v1/auth/telegram', { init_data }, { host: HOST })
const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000)
const CAROL = { id: 7101, first_name: 'Carol' }

describe('Telegram login and the per-IP login limit', () => {
  it('a correctly signed but expired initData is refused without counting as a failure', async () => {
    const stale = signInitData(initDataFor(CAROL, nowSeconds() - 7200), t.config.BOT_TOKEN).raw
    for (let i = 0; i < LOGIN_FAILURE_LIMIT + 2; i++) {
      const res = await launch(stale)
      expect(res.body).toMatchObject({ ret_code: 10003, ret_msg: 'init data has expired' })
    }
    const fresh = signInitData(initDataFor(CAROL, nowSeconds()), t.config.BOT_TOKEN).raw
    expect((await launch(fresh)).body.ret_code).toBe(0)
  })

  it('a bad signature counts: past the limit even a valid launch waits', async () => {
    const forged = signInitData(initDataFor(CAROL, nowSeconds()), '654321:another-bot').raw
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++)
      expect((await launch(forged)).body.ret_code).toBe(10003)
    const fresh = signInitData(initDataFor(CAROL, nowSeconds()), t.config.BOT_TOKEN).raw
    const limited = await launch(fresh)
    expect(limited.body.ret_code).toBe(10006)
  })
})
