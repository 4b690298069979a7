import { createHmac } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AccountType } from '../../../contract/enums'
import { RetCode } from '../../../contract/ret-codes'
import { biometricMessage, TelegramSettingsCall as Call } from '../../../contract/telegram-bot'
import {
  callApi,
  killStartedServers,
  loginOver,
  startServerProcess,
  type ServerProcess,
} from '../../support/server-process'
import { oid } from '../support/earn'

// Biometric confirmation against a real server process: while a user has it on, money moves
// without a fresh challenge and confirm = HMAC(device key, biometricMessage(challenge, call,
// body)) are refused (10428) and move nothing. The binding itself: security/biometric-binding.

const REFUSED = RetCode.BiometricConfirmationRequired
let server: ServerProcess
let token: string
const dataDir = mkdtempSync(join(tmpdir(), 'earn-biometry-'))
const PHONE = 'phone-0001-aaaa'
const TABLET = 'tablet-0002-bbbb'
const keys: Record<string, string> = {}

const sign = (key: string, message: string) =>
  createHmac('sha256', Buffer.from(key, 'base64url')).update(message).digest('hex')
const call = (path: string, body: object) => callApi(server.url, `/s1/byfi/${path}`, body, token)
/** The body with a fresh challenge, signed with `key` (over `signedBody`, default: the body). */
const signed = async (key: string, name: string, body: object, signedBody: object = body) => {
  const { challenge } = (await call(Call.BiometryChallenge, {})).result
  return { ...body, challenge, confirm: sign(key, biometricMessage(challenge, name, signedBody)) }
}
const challenge = async () => ({
  challenge: (await call(Call.BiometryChallenge, {})).result.challenge as string,
})
const usdt = async (): Promise<string> => {
  const res = await call('get-user-balance', { coin: 'USDT', account_type: AccountType.FUNDING })
  return res.result.balances[0].balance
}

beforeAll(async () => {
  server = await startServerProcess({ DATA_DIR: dataDir })
  token = await loginOver(server.url, 'kyc1@earn.test')
})
afterAll(async () => {
  if (server) await server.stop()
  killStartedServers()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('biometric confirmation', () => {
  it('enrolment turns it on and hands the device a key', async () => {
    const res = await call(Call.EnrolBiometry, { device_id: PHONE, ...(await challenge()) })
    expect(res.ret_code, res.ret_msg).toBe(0)
    expect(res.result.device_id).toBe(PHONE)
    expect(Buffer.from(res.result.key, 'base64url')).toHaveLength(32)
    keys[PHONE] = res.result.key
    const settings = await call(Call.Get, {})
    expect(settings.result).toMatchObject({ biometry: true, biometry_devices: [PHONE] })
  })

  it('pay-order without confirm, or signed with another key, is refused and moves nothing', async () => {
    const before = await usdt()
    const order = { order_id: oid('bio'), product_id: 'flex-usdt', amount: '10' }
    const none = await call('pay-order', order)
    expect(none.ret_code).toBe(REFUSED)
    const wrongKey = Buffer.alloc(32, 7).toString('base64url')
    const forged = await call('pay-order', await signed(wrongKey, 'pay-order', order))
    expect(forged.ret_code).toBe(REFUSED)
    // A valid confirmation of another order does not carry over.
    const otherOrder = { ...order, order_id: oid('other') }
    const other = await call(
      'pay-order',
      await signed(keys[PHONE]!, 'pay-order', order, otherOrder),
    )
    expect(other.ret_code).toBe(REFUSED)
    expect(await usdt()).toBe(before)
  })

  it('pay-order with the right HMAC is accepted; its retry needs a fresh confirmation', async () => {
    const order = { order_id: oid('bio'), product_id: 'flex-usdt', amount: '10' }
    const first = await signed(keys[PHONE]!, 'pay-order', order)
    const paid = await call('pay-order', first)
    expect(paid.ret_code, paid.ret_msg).toBe(0)
    expect((await call('pay-order', first)).ret_code).toBe(REFUSED)
    const retry = await call('pay-order', await signed(keys[PHONE]!, 'pay-order', order))
    expect(retry.ret_code).toBe(0)
    expect(retry.result.order.position_id).toBe(paid.result.order.position_id)
    expect((await call('pay-order', order)).ret_code).toBe(REFUSED)
  })

  it('redeem, claim-yield, operate-liquidity and edit-auto-savings need it too', async () => {
    const positions = (await call('get-positions', {})).result.positions
    const flex = positions.find((p: any) => p.product_id === 'flex-usdt')
    const redeem = { order_id: oid('r'), position_id: flex.position_id, amount: '1' }
    expect((await call('redeem', redeem)).ret_code).toBe(REFUSED)
    const ok = await call('redeem', await signed(keys[PHONE]!, 'redeem', redeem))
    expect(ok.ret_code, ok.ret_msg).toBe(0)
    const claim = { order_id: oid('c') }
    expect((await call('claim-yield', claim)).ret_code).toBe(REFUSED)
    const liquidity = { order_id: oid('l'), position_id: 'no-such', operation: 2 }
    expect((await call('operate-liquidity', liquidity)).ret_code).toBe(REFUSED)
    const auto = { coin: 'USDT', open: true }
    expect((await call('edit-auto-savings', auto)).ret_code).toBe(REFUSED)
    const opened = await call(
      'edit-auto-savings',
      await signed(keys[PHONE]!, 'edit-auto-savings', auto),
    )
    expect(opened.ret_code, opened.ret_msg).toBe(0)
  })

  it('another device enrols only with a confirmation from an enrolled one', async () => {
    const unsigned = { device_id: TABLET, ...(await challenge()) }
    expect((await call(Call.EnrolBiometry, unsigned)).ret_code).toBe(REFUSED)
    const enrol = { device_id: TABLET }
    const res = await call(
      Call.EnrolBiometry,
      await signed(keys[PHONE]!, Call.EnrolBiometry, enrol),
    )
    expect(res.ret_code, res.ret_msg).toBe(0)
    keys[TABLET] = res.result.key
    const order = { order_id: oid('bio'), product_id: 'flex-usdt', amount: '10' }
    const paid = await call('pay-order', await signed(keys[TABLET]!, 'pay-order', order))
    expect(paid.ret_code, paid.ret_msg).toBe(0)
  })

  it('turning it off needs a confirmation; then money moves need none', async () => {
    expect((await call(Call.DisableBiometry, { device_id: PHONE })).ret_code).toBe(REFUSED)
    const disable = { device_id: PHONE }
    const forged = await signed(keys[PHONE]!, Call.DisableBiometry, disable, { device_id: TABLET })
    expect((await call(Call.DisableBiometry, forged)).ret_code).toBe(REFUSED)
    expect((await call(Call.Get, {})).result.biometry).toBe(true)
    const off = await call(
      Call.DisableBiometry,
      await signed(keys[PHONE]!, Call.DisableBiometry, disable),
    )
    expect(off.ret_code, off.ret_msg).toBe(0)
    expect(off.result).toMatchObject({ biometry: false, biometry_devices: [] })
    const paid = await call('pay-order', {
      order_id: oid('bio'),
      product_id: 'flex-usdt',
      amount: '10',
    })
    expect(paid.ret_code, paid.ret_msg).toBe(0)
  })
})
