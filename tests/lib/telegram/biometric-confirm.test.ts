import { createHmac, randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { BIOMETRIC_CONFIRMED_CALLS, confirmedCallMessage } from '../../../contract/telegram-bot'
import { orderErrorKey } from '../../../src/lib/http/error-codes'
import { i18n, setLanguage } from '../../../src/lib/i18n/i18n'
import { hmacHex } from '../../../src/lib/telegram/telegram-biometry'

// What the client signs must be what server/telegram/biometry.ts checks: the same HMAC over
// the same message; anything else is a 10428 no user could get past.

afterAll(() => setLanguage('en'))

describe('biometric confirmation (client side)', () => {
  it('Web Crypto HMAC-SHA256 of a base64url key equals the server’s node:crypto one', async () => {
    for (let i = 0; i < 5; i++) {
      const key = randomBytes(32).toString('base64url')
      const message = `order-${i}-${randomBytes(6).toString('hex')}`
      const expected = createHmac('sha256', Buffer.from(key, 'base64url'))
        .update(message)
        .digest('hex')
      expect(await hmacHex(key, message)).toBe(expected)
    }
  })

  it('signs order_id for the money moves, coin:open for auto-savings, nothing for other calls', () => {
    expect(BIOMETRIC_CONFIRMED_CALLS).toEqual([
      'pay-order',
      'redeem',
      'claim-yield',
      'operate-liquidity',
      'edit-auto-savings',
    ])
    for (const call of ['pay-order', 'redeem', 'claim-yield', 'operate-liquidity'])
      expect(confirmedCallMessage(call, { order_id: 'o-1' })).toBe('o-1')
    expect(confirmedCallMessage('edit-auto-savings', { coin: 'usdt', open: true })).toBe(
      'auto-savings:USDT:1',
    )
    expect(confirmedCallMessage('preview-order', { order_id: 'o-1' })).toBeNull()
    expect(confirmedCallMessage('confirm-order', { order_id: 'o-1' })).toBeNull()
  })

  it('10428 reads as a sentence in English and Arabic, not a code', async () => {
    expect(orderErrorKey(10428)).toBe('errors.order.biometricRequired')
    await setLanguage('en')
    expect(i18n.t(orderErrorKey(10428))).toMatch(/^Confirm with your biometrics/)
    await setLanguage('ar-SA')
    expect(i18n.t(orderErrorKey(10428))).toMatch(/[\u0600-\u06FF]/)
  })
})
