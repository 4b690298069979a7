import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_BODY_BYTES } from '../../server/app'
import { analyticsEvents } from '../../server/db/schema'
import { createTestApp, type TestApp } from '../support/test-app'
import { HOST, loginAs, tableCounts } from './support/identity'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const CONFIG = '/x-api/v3/config/web'
const ANALYTICS = '/x-api/analytics'
const h = { host: HOST }

describe('POST /v3/config/web', () => {
  it('answers the requested keys as a name/value list, with {scene}_stage and {scene}_userlist', async () => {
    const res = await t.post(
      CONFIG,
      {
        project_name: 'earn',
        keys: [
          'structured_products_stage',
          'structured_products_userlist',
          'launchpool_show_stage',
          'launchpool_show_userlist',
          'no_such_key',
        ],
        properties: { device: { language: 'en' } },
      },
      h,
    )
    expect(res.body.ret_code).toBe(0)
    expect(res.body.result.data).toEqual([
      { name: 'structured_products_stage', value: '1' },
      { name: 'structured_products_userlist', value: '100036' },
      { name: 'launchpool_show_stage', value: '3' },
      { name: 'launchpool_show_userlist', value: '100036' },
    ])
  })

  it('prefers an entry for the device language', async () => {
    const body = (language: string) => ({
      project_name: 'earn',
      keys: ['home_banner_title'],
      properties: { device: { language } },
    })
    expect((await t.post(CONFIG, body('ar-SA'), h)).body.result.data[0].value).toBe('اكسب من أصولك')
    expect((await t.post(CONFIG, body('en'), h)).body.result.data[0].value).toBe(
      'Earn on idle assets',
    )
  })

  it('answers nothing for another project', async () => {
    const res = await t.post(CONFIG, { project_name: 'other', keys: ['home_banner_title'] }, h)
    expect(res.body.result.data).toEqual([])
  })

  it.each([
    ['missing keys', { project_name: 'earn' }, /keys/],
    ['missing project_name', { keys: ['a'] }, /project_name/],
    ['wrong type', { project_name: 'earn', keys: 'a,b' }, /keys/],
    [
      'too many keys',
      { project_name: 'earn', keys: Array.from({ length: 101 }, (_, i) => `k${i}`) },
      /keys/,
    ],
    [
      'bad language',
      { project_name: 'earn', keys: ['a'], properties: { device: { language: 1 } } },
      /language/,
    ],
  ])('refuses %s with 10001', async (_n, body, msg) => {
    const res = await t.post(CONFIG, body, h)
    expect(res.body.ret_code).toBe(10001)
    expect(res.body.ret_msg).toMatch(msg)
  })

  it('refuses an oversized body', async () => {
    const res = await t.post(
      CONFIG,
      { project_name: 'earn', keys: ['x'.repeat(MAX_BODY_BYTES)] },
      h,
    )
    expect(res.status).toBe(413)
  })
})

describe('POST /analytics', () => {
  const event = {
    name: 'earn_card_click',
    time: 1_790_000_000_000,
    params: { product_id: 'flex-usdt' },
  }

  it('stores a batch, anonymous or with the logged-in user', async () => {
    const anon = await t.post(
      ANALYTICS,
      { events: [event, { name: 'page_view' }] },
      { ...h, platform: 'h5' },
    )
    expect(anon.body).toMatchObject({ ret_code: 0, result: { accepted: 2 } })
    const cookie = await loginAs(t, 'kyc1@earn.test')
    await t.post(
      ANALYTICS,
      {
        events: [{ ...event, extra: { isApp: false, isPhone: true, isPC: false, is_login: true } }],
      },
      { ...h, cookie, platform: 'ios_tg' },
    )
    const rows = await t.db.select().from(analyticsEvents)
    expect(rows).toHaveLength(3)
    expect(rows.find((r) => r.name === 'page_view')).toMatchObject({ userId: null, platform: 'h5' })
    const mine = rows.find((r) => r.userId === 100011)!
    expect(mine).toMatchObject({ name: 'earn_card_click', platform: 'ios_tg' })
    expect(mine.params).toMatchObject({ product_id: 'flex-usdt', extra: { isPhone: true } })
    expect(mine.clientTime?.getTime()).toBe(event.time)
  })

  it.each([
    ['missing events', {}, /events/],
    ['empty batch', { events: [] }, /events/],
    ['wrong type', { events: [{ name: 5 }] }, /name/],
    ['bad name', { events: [{ name: 'has spaces' }] }, /name/],
    ['unknown flag', { events: [{ name: 'a', extra: { isRobot: true } }] }, /isRobot|extra/],
    ['batch over 50', { events: Array.from({ length: 51 }, () => ({ name: 'a' })) }, /events/],
    ['params over 4 KB', { events: [{ name: 'a', params: { blob: 'x'.repeat(5000) } }] }, /4096/],
  ])('refuses %s with 10001 and stores nothing', async (_n, body, msg) => {
    const before = await tableCounts(t.db)
    const res = await t.post(ANALYTICS, body, h)
    expect(res.body.ret_code).toBe(10001)
    expect(res.body.ret_msg).toMatch(msg)
    expect(await tableCounts(t.db)).toEqual(before)
  })

  it('refuses an oversized body and stores nothing', async () => {
    const before = await tableCounts(t.db)
    const events = Array.from({ length: 20 }, () => ({
      name: 'a',
      params: { b: 'x'.repeat(4000) },
    }))
    const res = await t.post(ANALYTICS, { events }, h)
    expect(res.status).toBe(413)
    expect(await tableCounts(t.db)).toEqual(before)
  })
})
