import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '../../server/app'
import { createTestApp, type TestApp } from '../support/test-app'
import { get, HOST, loginAs, tableCounts } from './support/identity'

let t: TestApp
let kyc0: string
let kyc2: string
let blocked: string
let walled: string
beforeAll(async () => {
  t = await createTestApp()
  const cookies = await Promise.all(
    ['kyc0', 'kyc2', 'blocked', 'walled'].map((u) => loginAs(t, `${u}@earn.test`)),
  )
  ;[kyc0, kyc2, blocked, walled] = cookies as [string, string, string, string]
})
afterAll(() => t.close())

const PROFILE = '/x-api/v2/private/user/profile'
const KYC = '/x-api/v3/private/kyc/kyc-info'

describe('GET /v2/private/user/profile', () => {
  it("answers the spec's profile fields for the logged-in user", async () => {
    const res = await get(t, PROFILE, { cookie: kyc2 })
    expect(res.body.ret_code).toBe(0)
    expect(res.body.result).toEqual({
      id: 100013,
      username: 'kyc2',
      first_name: '',
      photo_url: '',
      vague_email: 'ky***@earn.test',
      vague_mobile: '',
      mobile_verified: false,
      email_verified: true,
      has_google2fa: false,
      country_code: 'SG',
      lang: 'en',
      parent_member_id: 0,
      status: 1,
      loyalty_vip_info: { is_vip: true, label_level: 2 },
    })
  })

  it('answers 10007 with a readable message when logged out', async () => {
    const res = await get(t, PROFILE)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ ret_code: 10007, ret_msg: expect.stringMatching(/log in/) })
    expect((await get(t, PROFILE, { cookie: 'b_t_c_k_local=forged' })).body.ret_code).toBe(10007)
  })

  it('reads the cookie named for the host: a testnet cookie does not count on localhost', async () => {
    const token = kyc2.split('=')[1]
    const res = await get(t, PROFILE, { cookie: `b_t_c_k_testnet=${token}` })
    expect(res.body.ret_code).toBe(10007)
  })
})

describe('POST /v3/private/kyc/kyc-info', () => {
  it('answers applicant.level for each KYC level', async () => {
    for (const [cookie, level] of [
      [kyc0, 0],
      [kyc2, 2],
    ] as const) {
      const res = await t.post(KYC, {}, { host: HOST, cookie })
      expect(res.body).toMatchObject({ ret_code: 0, result: { applicant: { level } } })
      expect(res.body.result.state).toBeUndefined()
    }
  })

  it('adds the parts the obtain_* flags ask for', async () => {
    const res = await t.post(
      KYC,
      { obtain_state: true, obtain_quotas: true, obtain_current: true, obtain_kyc_token: true },
      { host: HOST, cookie: kyc0 },
    )
    expect(res.body.result).toMatchObject({
      applicant: { level: 0 },
      state: { status: 'NONE', country_code: 'GB' },
      quotas: { can_buy_earn: true },
      current: { level: 0, next_level: 1 },
      // Random (32 url-safe characters), never derived from the user or the session.
      kyc_token: expect.stringMatching(/^kyc_[\w-]{32}$/),
    })
    const again = await t.post(KYC, { obtain_kyc_token: true }, { host: HOST, cookie: kyc0 })
    expect(again.body.result.kyc_token).not.toBe(res.body.result.kyc_token)
  })

  it('quotas say a tag-blocked or compliance-walled user cannot buy', async () => {
    for (const cookie of [blocked, walled]) {
      const res = await t.post(KYC, { obtain_quotas: true }, { host: HOST, cookie })
      expect(res.body.result.quotas.can_buy_earn).toBe(false)
    }
  })

  it('answers 10007 when logged out', async () => {
    const res = await t.post(KYC, { obtain_state: true }, { host: HOST })
    expect(res.body.ret_code).toBe(10007)
  })

  it.each([
    ['wrong type', { obtain_state: 'yes' }, /obtain_state/],
    ['unknown flag', { obtain_everything: true }, /obtain_everything/],
    ['not JSON', '{', /JSON/],
  ])('refuses %s with 10001 and changes nothing', async (_n, body, msg) => {
    const before = await tableCounts(t.db)
    const res = await t.post(KYC, body, { host: HOST, cookie: kyc2 })
    expect(res.body.ret_code).toBe(10001)
    expect(res.body.ret_msg).toMatch(msg)
    expect(await tableCounts(t.db)).toEqual(before)
  })

  it('refuses an oversized body', async () => {
    const res = await t.post(KYC, { pad: 'x'.repeat(MAX_BODY_BYTES) }, { host: HOST, cookie: kyc2 })
    expect(res.status).toBe(413)
    expect(res.body.ret_code).toBe(10413)
  })
})
