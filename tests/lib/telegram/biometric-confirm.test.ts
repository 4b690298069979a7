import { createHmac, randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import {
  BIOMETRIC_CONFIRMED_CALLS,
  biometricMessage,
  isConfirmedCall,
} from '../../../contract/telegram-bot'
import { orderErrorKey } from '../../../src/lib/http/error-codes'
import { i18n, setLanguage } from '../../../src/lib/i18n/i18n'
import { confirmCall, hmacHex, signCall } from '../../../src/lib/telegram/telegram-biometry'

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

  it('signs the challenge, the call and every field but confirm/challenge, keys sorted', () => {
    expect(BIOMETRIC_CONFIRMED_CALLS).toEqual([
      'pay-order',
      'redeem',
      'claim-yield',
      'operate-liquidity',
      'edit-auto-savings',
    ])
    const body = { product_id: 'flex-usdt', amount: '10', order_id: 'o-1', confirm: 'x' }
    expect(biometricMessage('c-1', 'pay-order', body)).toBe(
      'earn-confirm/1\nc-1\npay-order\namount="10"&order_id="o-1"&product_id="flex-usdt"',
    )
    expect(biometricMessage('c-1', 'pay-order', { ...body, amount: '11' })).not.toBe(
      biometricMessage('c-1', 'pay-order', body),
    )
    expect(isConfirmedCall('preview-order')).toBe(false)
    expect(isConfirmedCall('confirm-order')).toBe(false)
  })

  it('a confirmed call fetches its challenge before it signs; other calls go unchanged', async () => {
    const steps: string[] = []
    const challenge = async () => {
      steps.push('challenge')
      return { challenge: 'c-2' }
    }
    const body = { order_id: 'o-2', product_id: 'p', amount: '1' }
    const out = await signCall('pay-order', body, challenge, async (m) => {
      steps.push('sign')
      return `signed:${m}`
    })
    expect(steps).toEqual(['challenge', 'sign'])
    expect(out).toEqual({
      ...body,
      challenge: 'c-2',
      confirm: `signed:${biometricMessage('c-2', 'pay-order', body)}`,
    })
    expect(await confirmCall('preview-order', body, challenge)).toBe(body)
    expect(steps).toHaveLength(2)
  })

  it('10428 reads as a sentence in English and Arabic, not a code', async () => {
    expect(orderErrorKey(10428)).toBe('errors.order.biometricRequired')
    await setLanguage('en')
    expect(i18n.t(orderErrorKey(10428))).toMatch(/^Confirm with your biometrics/)
    await setLanguage('ar-SA')
    expect(i18n.t(orderErrorKey(10428))).toMatch(/[\u0600-\u06FF]/)
  })
})
