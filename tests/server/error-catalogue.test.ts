import { describe, expect, it, beforeAll, afterAll } from 'vitest'
import {
  BillExportRetCode,
  billExportMessages,
  defaultMessage,
  OrderRetCode,
  RetCode,
} from '../../server/http/errors'
import { createTestApp, type TestApp } from '../support/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('error catalogue (spec §8)', () => {
  it('has every code the spec names, each with a readable message', () => {
    expect(RetCode).toMatchObject({
      OK: 0,
      LoginExpired: 10007,
      LoginExpiredAlt: 100007,
      UserNoPermission: 33003,
      NoPermission: 10009,
      ComplianceWall: 10024,
      TooManyRequests: 10006,
    })
    expect(OrderRetCode).toMatchObject({
      SoldOut: 302,
      InsufficientBalance: 303,
      InsufficientBalanceAlt: 304,
      OverLimit: 320,
      SystemMaintenance: 600,
      NotEligible: 334,
      MaxPendingOrders: 336,
      RateLimit: 315,
      QuotePrice: 340,
    })
    expect(Object.values(OrderRetCode)).toEqual(expect.arrayContaining([325, 344, 602, 604]))
    expect(BillExportRetCode).toEqual({
      NoRecord: 303,
      ExportLimit: 326,
      Duplicate: 327,
      InvalidRequest: 328,
    })
    const all = [...Object.values(RetCode), ...Object.values(OrderRetCode)].filter((c) => c !== 0)
    for (const code of all) expect(defaultMessage(code), String(code)).not.toBe('request failed')
    for (const code of Object.values(BillExportRetCode))
      expect(billExportMessages[code]).toMatch(/\w/)
    expect(defaultMessage(10007)).toMatch(/login expired/)
    expect(defaultMessage(302)).toBe('sold out')
  })

  it.each([
    ['GET', '/x-api/nowhere'],
    ['DELETE', '/x-api/get-coins'],
    ['GET', '/x-api/v1/auth/login'],
    ['PUT', '/x-api/v3/config/web'],
  ])('%s %s answers an envelope error, not HTML', async (method, path) => {
    const res = await t.app.request(path, {
      method,
      headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(await res.json()).toMatchObject({
      ret_code: 10004,
      ret_msg: expect.stringContaining(path),
    })
  })

  it('a plain GET of the socket path explains itself', async () => {
    const res = await t.app.request('/spot/ws/quote/v1')
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({
      ret_code: 10001,
      ret_msg: expect.stringMatching(/WebSocket/),
    })
  })
})
