import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EARN_PATH, TELEGRAM_LOGIN_PATH } from '../../../contract/paths'
import { DECLARE_COUNTRY_CALL } from '../../../contract/residence'
import { RetCode } from '../../../contract/ret-codes'
import { DEV_BOT_TOKEN } from '../../../server/config'
import { killStartedServers } from '../../support/server-process'
import { initDataFor, signInitData } from '../support/identity'
import { loginCookie, post, securityServerForFile, type SecurityServer } from './support'

// Issue 24, item 6: the compliance wall for everyone. An account created through Telegram has
// no country; before its first money move it declares one, once, and the wall reads it.
// Against a demo server process (a new Telegram account is funded there).

afterAll(() => killStartedServers())

const file = securityServerForFile('demo')
let server: SecurityServer
beforeAll(() => {
  server = file()
})

let seq = 0
const order = () => ({
  order_id: `cr-${Date.now()}-${++seq}`,
  product_id: 'flex-usdt',
  amount: '10',
})
const earn = async (cookie: string, call: string, body: unknown) =>
  (await post(server.url, `${EARN_PATH}/${call}`, body, { cookie })).body as {
    ret_code: number
    ret_msg: string
  }
/** A new Telegram account's session cookie. */
async function telegramAccount(id: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  const signed = signInitData(initDataFor({ id, first_name: 'Resident' }, now), DEV_BOT_TOKEN)
  const res = await post(server.url, TELEGRAM_LOGIN_PATH, { init_data: signed.raw })
  expect(res.body.ret_code, res.body.ret_msg).toBe(0)
  return res.headers.get('set-cookie')!.split(';')[0]!
}

describe('a country of residence before the first money move', () => {
  it('refuses money moves without one, accepts them once declared, and keeps it', async () => {
    const cookie = await telegramAccount(7_240_001)
    const before = await earn(cookie, 'pay-order', order())
    const check = await earn(cookie, 'check-available', { product_id: 'flex-usdt' })
    const redeem = await earn(cookie, 'redeem', { order_id: order().order_id, position_id: 'p' })
    const bogus = await earn(cookie, DECLARE_COUNTRY_CALL, { country_code: 'XX' })
    const declared = await earn(cookie, DECLARE_COUNTRY_CALL, { country_code: 'DE' })
    const after = await earn(cookie, 'pay-order', order())
    const again = await earn(cookie, DECLARE_COUNTRY_CALL, { country_code: 'US' })
    const stillPays = await earn(cookie, 'pay-order', order())
    console.log(
      `[security] Telegram account without a country: pay-order ${before.ret_code}, check-available ${check.ret_code}, redeem ${redeem.ret_code}; declare XX ${bogus.ret_code}, DE ${declared.ret_code}; pay-order ${after.ret_code}; declare US afterwards ${again.ret_code}, pay-order ${stillPays.ret_code}`,
    )
    expect(before.ret_code).toBe(RetCode.CountryRequired)
    expect(check.ret_code).toBe(RetCode.CountryRequired)
    expect(redeem.ret_code).toBe(RetCode.CountryRequired)
    expect(bogus.ret_code).toBe(RetCode.InvalidRequest)
    expect(declared.ret_code, declared.ret_msg).toBe(0)
    expect(after.ret_code, after.ret_msg).toBe(0)
    expect(again.ret_code).toBe(RetCode.NoPermission)
    expect(stillPays.ret_code, stillPays.ret_msg).toBe(0)
  })

  it('a declared walled country gets the wall; an account with a country cannot declare', async () => {
    const cookie = await telegramAccount(7_240_002)
    expect((await earn(cookie, DECLARE_COUNTRY_CALL, { country_code: 'US' })).ret_code).toBe(0)
    const walled = await earn(cookie, 'pay-order', order())
    const demo = await loginCookie(server.url, 'kyc1@earn.test')
    const kyc = await earn(demo, DECLARE_COUNTRY_CALL, { country_code: 'GB' })
    console.log(
      `[security] declared US: pay-order ${walled.ret_code}; a KYC account declaring: ${kyc.ret_code}`,
    )
    expect(walled.ret_code).toBe(RetCode.ComplianceWall)
    expect(kyc.ret_code).toBe(RetCode.NoPermission)
  })
})
