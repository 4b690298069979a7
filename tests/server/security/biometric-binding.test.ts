import { createHmac, randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EARN_PATH } from '../../../contract/paths'
import { RetCode } from '../../../contract/ret-codes'
import { biometricMessage, TelegramSettingsCall as Call } from '../../../contract/telegram-bot'
import { openDatabase } from '../../../server/db/client'
import { biometricKeys } from '../../../server/db/schema'
import { biometryVault } from '../../../server/telegram/biometry-vault'
import { killStartedServers, startServerProcess } from '../../support/server-process'
import { loginCookie, post, securityServerForFile, type SecurityServer } from './support'

// Issue 24, item 4: a biometric confirmation is bound to what it confirms. Against a demo
// server process (TEST_MODE for its clock): each confirmation signs a single-use server
// challenge with the call and its whole body, and the keys are sealed in the database.

afterAll(() => killStartedServers())

const REFUSED = RetCode.BiometricConfirmationRequired
const SECRET = randomBytes(32).toString('hex')
const file = securityServerForFile('demo', { TEST_MODE: '1', BIOMETRY_KEY_SECRET: SECRET })
let server: SecurityServer
let cookie: string
beforeAll(async () => {
  server = file()
  cookie = await loginCookie(server.url, 'kyc1@earn.test')
})

const PHONE = 'bind-phone-0001'
const TABLET = 'bind-tablet-0002'
const keys: Record<string, string> = {}
let seq = 0
const orderId = () => `bind-${Date.now()}-${++seq}`

const earn = async (call: string, body: unknown) =>
  (await post(server.url, `${EARN_PATH}/${call}`, body, { cookie })).body as {
    ret_code: number
    ret_msg: string
    result: any
  }
const challenge = async (): Promise<string> => {
  const res = await earn(Call.BiometryChallenge, {})
  expect(res.ret_code, res.ret_msg).toBe(0)
  return res.result.challenge
}
const hmac = (key: string, message: string) =>
  createHmac('sha256', Buffer.from(key, 'base64url')).update(message).digest('hex')
/** `body` with a fresh challenge and the device's signature over it, the call and the body. */
const signed = async <B extends object>(key: string, call: string, body: B) => {
  const c = await challenge()
  return { ...body, challenge: c, confirm: hmac(key, biometricMessage(c, call, body)) }
}

describe('enrolment', () => {
  it('needs a challenge; a captured enrolment sent again is refused and mints no key', async () => {
    const without = await earn(Call.EnrolBiometry, { device_id: PHONE })
    expect(without.ret_code).toBe(RetCode.InvalidRequest)
    const first = { device_id: PHONE, challenge: await challenge() }
    const enrolled = await earn(Call.EnrolBiometry, first)
    expect(enrolled.ret_code, enrolled.ret_msg).toBe(0)
    keys[PHONE] = enrolled.result.key
    const replayedFirst = await earn(Call.EnrolBiometry, first)

    // A further device: signed by the phone. The captured body (challenge + confirm), sent
    // again with the session, would hand the sender a fresh key for the tablet.
    const tablet = await signed(keys[PHONE]!, Call.EnrolBiometry, { device_id: TABLET })
    const second = await earn(Call.EnrolBiometry, tablet)
    expect(second.ret_code, second.ret_msg).toBe(0)
    keys[TABLET] = second.result.key
    const replayed = await earn(Call.EnrolBiometry, tablet)
    console.log(
      `[security] enrolment replayed: first device ${replayedFirst.ret_code}, further device ${replayed.ret_code}`,
    )
    expect(replayedFirst.ret_code).toBe(REFUSED)
    expect(replayed.ret_code).toBe(REFUSED)
    // The tablet's key is still the one the tablet holds.
    const order = { order_id: orderId(), product_id: 'flex-usdt', amount: '10' }
    const paid = await earn('pay-order', await signed(keys[TABLET]!, 'pay-order', order))
    expect(paid.ret_code, paid.ret_msg).toBe(0)
  })
})

describe('money moves', () => {
  it('a confirmation of a refused call does not carry over to another product or amount', async () => {
    // Refused before its order row is written (more than the balance): the confirmation is spent.
    const tooMuch = { order_id: orderId(), product_id: 'flex-usdt', amount: '900000000' }
    const confirmed = await signed(keys[PHONE]!, 'pay-order', tooMuch)
    const refusedCall = await earn('pay-order', confirmed)
    expect(refusedCall.ret_code).not.toBe(0)
    expect(refusedCall.ret_code).not.toBe(REFUSED)
    const otherAmount = await earn('pay-order', { ...confirmed, amount: '10' })
    const otherProduct = await earn('pay-order', {
      ...confirmed,
      product_id: 'flex-usdc',
      amount: '10',
    })

    // Even with an unused challenge, the signature holds for its own call and body only.
    const fresh = () =>
      signed(keys[PHONE]!, 'pay-order', {
        order_id: orderId(),
        product_id: 'flex-usdt',
        amount: '10',
      })
    const freshAmount = await earn('pay-order', { ...(await fresh()), amount: '11' })
    const freshProduct = await earn('pay-order', { ...(await fresh()), product_id: 'flex-usdc' })
    const { challenge: c, confirm, order_id } = await fresh()
    const otherCall = await earn('redeem', { order_id, position_id: 'p-1', challenge: c, confirm })
    console.log(
      `[security] confirmation of a refused pay-order (${refusedCall.ret_code}) reused: other amount ${otherAmount.ret_code}, other product ${otherProduct.ret_code}; fresh challenge, body changed: amount ${freshAmount.ret_code}, product ${freshProduct.ret_code}, another call ${otherCall.ret_code}`,
    )
    expect(otherAmount.ret_code).toBe(REFUSED)
    expect(otherProduct.ret_code).toBe(REFUSED)
    expect(freshAmount.ret_code).toBe(REFUSED)
    expect(freshProduct.ret_code).toBe(REFUSED)
    expect(otherCall.ret_code).toBe(REFUSED)
  })

  it('a challenge is good once, and only for a short while', async () => {
    const c = await challenge()
    const a = { order_id: orderId(), product_id: 'flex-usdt', amount: '10' }
    const b = { order_id: orderId(), product_id: 'flex-usdt', amount: '10' }
    const sign = (body: object) => hmac(keys[PHONE]!, biometricMessage(c, 'pay-order', body))
    const first = await earn('pay-order', { ...a, challenge: c, confirm: sign(a) })
    const second = await earn('pay-order', { ...b, challenge: c, confirm: sign(b) })
    const late = await signed(keys[PHONE]!, 'pay-order', { ...b, order_id: orderId() })
    expect((await earn('test/advance-clock', { seconds: 121 })).ret_code).toBe(0)
    const expired = await earn('pay-order', late)
    const unknown = await earn('pay-order', {
      ...b,
      challenge: randomBytes(32).toString('base64url'),
      confirm: sign(b),
    })
    console.log(
      `[security] one challenge twice: ${first.ret_code} then ${second.ret_code}; after 121 s: ${expired.ret_code}; never issued: ${unknown.ret_code}`,
    )
    expect(first.ret_code, first.ret_msg).toBe(0)
    expect(second.ret_code).toBe(REFUSED)
    expect(expired.ret_code).toBe(REFUSED)
    expect(unknown.ret_code).toBe(REFUSED)
  })

  it('edit-auto-savings and the other confirmed calls sign their own bodies', async () => {
    const open = { coin: 'USDT', open: true }
    const ok = await earn(
      'edit-auto-savings',
      await signed(keys[PHONE]!, 'edit-auto-savings', open),
    )
    expect(ok.ret_code, ok.ret_msg).toBe(0)
    const flipped = await signed(keys[PHONE]!, 'edit-auto-savings', open)
    expect((await earn('edit-auto-savings', { ...flipped, open: false })).ret_code).toBe(REFUSED)
  })
})

describe('keys at rest', () => {
  it('are sealed in the database, and plain keys stored before are sealed at start', async () => {
    await server.stop()
    const plainKey = randomBytes(32).toString('base64url')
    const handle = await openDatabase(server.database)
    let rows: { deviceId: string; secret: string }[]
    try {
      rows = await handle.db
        .select({ deviceId: biometricKeys.deviceId, secret: biometricKeys.secret })
        .from(biometricKeys)
      // A key as the server stored it before this round (plain base64url).
      const [owner] = await handle.db
        .select({ userId: biometricKeys.userId })
        .from(biometricKeys)
        .where(eq(biometricKeys.deviceId, PHONE))
      await handle.db.insert(biometricKeys).values({
        userId: owner!.userId,
        deviceId: 'bind-old-0003',
        secret: plainKey,
        createdAt: new Date(),
      })
    } finally {
      await handle.close()
    }
    const stored = Object.fromEntries(rows.map((r) => [r.deviceId, r.secret]))
    console.log(
      `[security] keys in the database: ${rows.length}, equal to the device's key: ${
        rows.filter((r) => Object.values(keys).includes(r.secret)).length
      }, e.g. ${stored[PHONE]!.slice(0, 24)}…`,
    )
    expect(rows.map((r) => r.deviceId).sort()).toEqual([PHONE, TABLET])
    for (const r of rows) {
      expect(r.secret).not.toContain(keys[r.deviceId]!)
      expect(r.secret).toMatch(/^g1\./)
    }

    // Restarted on the same database: the plain key is sealed, and still confirms.
    const again = await startServerProcess({
      DATA_DIR: server.database.kind === 'pglite' ? server.database.dataDir : undefined,
      DATABASE_URL: server.database.kind === 'postgres' ? server.database.url : undefined,
      extra: server.env,
    })
    try {
      cookie = await loginCookie(again.url, 'kyc1@earn.test')
      const c = (await post(again.url, `${EARN_PATH}/${Call.BiometryChallenge}`, {}, { cookie }))
        .body.result.challenge as string
      const order = { order_id: orderId(), product_id: 'flex-usdt', amount: '10' }
      const paid = await post(
        again.url,
        `${EARN_PATH}/pay-order`,
        {
          ...order,
          challenge: c,
          confirm: hmac(plainKey, biometricMessage(c, 'pay-order', order)),
        },
        { cookie },
      )
      expect(paid.body.ret_code, paid.body.ret_msg).toBe(0)
    } finally {
      await again.stop()
    }
    const after = await openDatabase(server.database)
    try {
      const [old] = await after.db
        .select()
        .from(biometricKeys)
        .where(and(eq(biometricKeys.deviceId, 'bind-old-0003')))
      expect(old!.secret).toMatch(/^g1\./)
      expect(biometryVault(SECRET).open(old!.userId, old!.deviceId, old!.secret)).toBe(plainKey)
      expect(() =>
        biometryVault('another-secret').open(old!.userId, old!.deviceId, old!.secret),
      ).toThrow()
      expect(() => biometryVault(SECRET).open(old!.userId, PHONE, old!.secret)).toThrow()
    } finally {
      await after.close()
    }
  }, 120_000)
})
