import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ExportStatus } from '../../contract/export-constants'
import { ExportWorker } from '../../server/modules/export/worker'
import { createTestApp, type TestApp } from '../support/test-app'
import { DEMO_IDS, earn, loginDemo } from './support/earn'
import { parseCsv, seedYieldPostings } from './support/export'
import { HOST } from './support/identity'

const DAY = 86_400
let t: TestApp
let dataDir: string
let kyc2: string
let kyc1: string
let kyc0: string
let worker: ExportWorker
let now: number

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'earn-export-'))
  t = await createTestApp({ config: { DATA_DIR: dataDir } })
  kyc2 = await loginDemo(t, 'kyc2')
  kyc1 = await loginDemo(t, 'kyc1')
  kyc0 = await loginDemo(t, 'kyc0')
  worker = new ExportWorker({ db: t.db, clock: t.clock, dataDir }, { batchSize: 7 })
  now = Math.floor(t.clock.now().getTime() / 1000)
  for (const id of [DEMO_IDS.kyc1, DEMO_IDS.kyc0])
    await seedYieldPostings(t.db, id, 20, t.clock.now())
})
afterAll(async () => {
  await t.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const range = (days: number, endOffset = 0) => ({
  export_start_at: now - days * DAY - endOffset,
  export_end_at: now - endOffset,
})

describe('submit-bill-export', () => {
  it.each([
    ['end before start', { export_start_at: 1_700_000_100, export_end_at: 1_700_000_000 }],
    ['a future start', { export_start_at: 4_000_000_000, export_end_at: 4_000_000_100 }],
    ['over 366 days', { export_start_at: 1_600_000_000, export_end_at: 1_650_000_000 }],
    ['non-integers', { export_start_at: 1_700_000_000.5, export_end_at: 1_700_000_100 }],
    ['strings', { export_start_at: '1700000000', export_end_at: 1_700_000_100 }],
    ['a missing field', { export_start_at: 1_700_000_000 }],
  ])('328 for %s', async (_name, body) => {
    const res = await earn(t, 'submit-bill-export', body, kyc2)
    expect(res.ret_code, res.ret_msg).toBe(328)
  })

  it('303 when the range holds no wallet records', async () => {
    const res = await earn(t, 'submit-bill-export', range(30, 200 * DAY), kyc2)
    expect(res.ret_code, res.ret_msg).toBe(303)
  })

  it('queues a job, 327 for the same range while it is unfinished, then it succeeds', async () => {
    const body = range(7)
    const first = await earn(t, 'submit-bill-export', body, kyc1)
    expect(first.ret_code, first.ret_msg).toBe(0)
    expect(first.result).toMatchObject({ ...body, status: ExportStatus.Queued })
    // The server's time of the request: the clock runs, and seeding may have crossed a second.
    expect(first.result.submit_at).toBeGreaterThanOrEqual(now)
    expect(first.result.submit_at).toBeLessThanOrEqual(Math.floor(t.clock.now().getTime() / 1000))
    const again = await earn(t, 'submit-bill-export', body, kyc1)
    expect(again.ret_code, again.ret_msg).toBe(327)
    expect(await worker.drain()).toBe(1)
    const list = await earn(t, 'list-bill-export', {}, kyc1)
    const rec = list.result.records.find((r: any) => r.record_id === first.result.record_id)
    expect(rec).toMatchObject({ status: ExportStatus.Success, progress: 100 })
    expect(rec.record_count).toBeGreaterThan(0)
    // Finished: the same range may be asked again.
    expect((await earn(t, 'submit-bill-export', body, kyc1)).ret_code).toBe(0)
  })

  it('326 on the sixth request of a UTC day; a new day resets the count', async () => {
    for (let i = 1; i <= 5; i++) {
      const res = await earn(t, 'submit-bill-export', range(i), kyc0)
      expect(res.ret_code, res.ret_msg).toBe(0)
    }
    const sixth = await earn(t, 'submit-bill-export', range(6), kyc0)
    expect(sixth.ret_code, sixth.ret_msg).toBe(326)
    await worker.drain()
    t.clock.advance(DAY * 1000)
    now += DAY
    const nextDay = await earn(t, 'submit-bill-export', range(6), kyc0)
    expect(nextDay.ret_code, nextDay.ret_msg).toBe(0)
    await worker.drain()
  })

  it('10007 when logged out', async () => {
    expect((await earn(t, 'submit-bill-export', range(7))).ret_code).toBe(10007)
  })
})

describe('export file', () => {
  it('holds exactly the wallet records of the range, in batches, and one file per job', async () => {
    const end = new Date(now * 1000)
    await seedYieldPostings(t.db, DEMO_IDS.kyc2, 50, new Date(end.getTime() - 2 * DAY * 1000))
    const body = { export_start_at: now - 3 * DAY, export_end_at: now - DAY }
    const sub = await earn(t, 'submit-bill-export', body, kyc2)
    expect(sub.ret_code, sub.ret_msg).toBe(0)
    await worker.drain()
    const link = await earn(t, 'download-bill', { record_id: sub.result.record_id }, kyc2)
    expect(link.ret_code, link.ret_msg).toBe(0)
    // 15 minutes from the server's clock (which moves with real time too).
    const issuedAt = Math.floor(Number((link as unknown as { time_now: string }).time_now))
    expect(link.result.expires_at - issuedAt).toBeGreaterThanOrEqual(15 * 60 - 1)
    expect(link.result.expires_at - issuedAt).toBeLessThanOrEqual(15 * 60)
    const res = await t.app.request(link.result.download_url, { headers: { cookie: kyc2 } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="earn-wallet-records_\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d_\d+\.csv"$/,
    )
    const rows = parseCsv(await res.text())
    const api = await earn(
      t,
      'get-user-wallet-records',
      { start_time: body.export_start_at, end_time: body.export_end_at, limit: 100 },
      kyc2,
    )
    expect(api.result.next_cursor).toBeNull()
    expect(rows.length).toBe(api.result.records.length)
    expect(rows.filter((r) => r.type === 'Yield').length).toBe(50)
    expect(rows.map((r) => [r.record_id, r.amount, r.type])).toEqual(
      api.result.records.map((r: any) => [r.record_id, r.amount, r.type]),
    )
    const files = readdirSync(join(dataDir, 'exports', String(DEMO_IDS.kyc2)))
    expect(files).toEqual([`${sub.result.record_id}.csv`])
  })

  it('303 for download/retry of an unknown id or another user’s record; 328 before it is ready', async () => {
    const sub = await earn(t, 'submit-bill-export', range(2), kyc2)
    const id = sub.result.record_id
    expect((await earn(t, 'download-bill', { record_id: id }, kyc2)).ret_code).toBe(328)
    expect((await earn(t, 'download-bill', { record_id: id }, kyc1)).ret_code).toBe(303)
    expect((await earn(t, 'download-bill', { record_id: '999999' }, kyc2)).ret_code).toBe(303)
    expect((await earn(t, 'retry-bill-export', { record_id: 'nope' }, kyc2)).ret_code).toBe(303)
    expect((await earn(t, 'retry-bill-export', { record_id: id }, kyc2)).ret_code).toBe(328)
    await worker.drain()
  })
})

describe('download links', () => {
  let url: string
  beforeAll(async () => {
    const sub = await earn(t, 'submit-bill-export', range(3), kyc2)
    await worker.drain()
    url = (await earn(t, 'download-bill', { record_id: sub.result.record_id }, kyc2)).result
      .download_url
  })
  const fetchAs = async (u: string, cookie?: string) => {
    const res = await t.app.request(u, { headers: { host: HOST, ...(cookie ? { cookie } : {}) } })
    return {
      status: res.status,
      body: res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text(),
    }
  }

  it('serves without a session (Telegram openLink) but refuses another user', async () => {
    expect((await fetchAs(url)).status).toBe(200)
    const other = await fetchAs(url, kyc1)
    expect(other.status).toBe(403)
    expect(other.body).toMatchObject({
      ret_code: 303,
      ret_msg: expect.stringMatching(/another account/),
    })
  })

  it('refuses a tampered link', async () => {
    const res = await fetchAs(url.replace(/sig=.{4}/, 'sig=AAAA'))
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ ret_code: 328, ret_msg: expect.stringMatching(/not valid/) })
  })

  it('refuses the link after 15 minutes', async () => {
    // A minute of slack for the real time the clock also moves under a loaded machine.
    t.clock.advance(14 * 60 * 1000)
    expect((await fetchAs(url, kyc2)).status).toBe(200)
    t.clock.advance(2 * 60 * 1000)
    now += 16 * 60
    const res = await fetchAs(url, kyc2)
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ ret_code: 328, ret_msg: expect.stringMatching(/expired/) })
  })
})
