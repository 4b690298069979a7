import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ExportStatus } from '../../contract/export-constants'
import { ExportWorker } from '../../server/modules/export/worker'
import { createTestApp, type TestApp } from '../support/test-app'
import { countRows, DEMO_IDS, loginDemo } from './support/earn'
import { seedYieldPostings } from './support/export'
import { HOST } from './support/identity'

// The generic export-record paths: create, list, cancel/delete, download link; and two
// workers sharing one queue.

let t: TestApp
let dataDir: string
let cookie: string
let now: number

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'earn-export-records-'))
  t = await createTestApp({ config: { DATA_DIR: dataDir } })
  cookie = await loginDemo(t, 'kyc1')
  await seedYieldPostings(t.db, DEMO_IDS.kyc1, 3000, new Date(t.clock.now().getTime() - 2000))
  now = Math.floor(t.clock.now().getTime() / 1000)
})
afterAll(async () => {
  await t.close()
  rmSync(dataDir, { recursive: true, force: true })
})

async function api(method: string, path: string, body?: unknown) {
  const res = await t.app.request(`/x-api${path}`, {
    method,
    headers: { host: HOST, cookie, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  return (await res.json()) as { ret_code: number; ret_msg: string; result: any }
}
const worker = (batchSize = 100) =>
  new ExportWorker({ db: t.db, clock: t.clock, dataDir }, { batchSize })

it('create → list → download link; DELETE of a finished record deletes it and its file', async () => {
  const created = await api('POST', '/v1/export-records', {
    export_start_at: now - 86_400,
    export_end_at: now,
  })
  expect(created.ret_code, created.ret_msg).toBe(0)
  const id = created.result.record_id
  expect(await worker().drain()).toBe(1)
  const list = await api('GET', '/v1/export-records')
  expect(list.result.records[0]).toMatchObject({ record_id: id, status: ExportStatus.Success })
  const link = await api('GET', `/v1/export-records/${id}/download-link`)
  expect(link.result.download_url).toMatch(new RegExp(`/x-api/v1/export-files/${id}\\?expires=`))
  const dir = join(dataDir, 'exports', String(DEMO_IDS.kyc1))
  expect(readdirSync(dir)).toEqual([`${id}.csv`])
  const del = await api('DELETE', `/v1/export-records/${id}`)
  expect(del.result).toEqual({ record_id: id, action: 'deleted', status: ExportStatus.Success })
  expect(readdirSync(dir)).toEqual([])
  expect((await api('GET', '/v1/export-records')).result.records).toEqual([])
  expect((await t.app.request(link.result.download_url)).status).toBe(404)
  expect((await api('DELETE', `/v1/export-records/${id}`)).ret_code).toBe(303)
})

it('DELETE of a queued record cancels it; the worker never runs it', async () => {
  const created = await api('POST', '/v1/export-records', {
    export_start_at: now - 3 * 86_400,
    export_end_at: now,
  })
  const del = await api('DELETE', `/v1/export-records/${created.result.record_id}`)
  expect(del.result).toMatchObject({ action: 'cancelled', status: ExportStatus.Cancelled })
  expect(await worker().drain()).toBe(0)
})

it('two workers share the queue: every job runs exactly once', async () => {
  const ids: string[] = []
  for (const days of [4, 5]) {
    const r = await api('POST', '/v1/export-records', {
      export_start_at: now - days * 86_400,
      export_end_at: now,
    })
    ids.push(r.result.record_id)
  }
  const ran = await Promise.all([worker(50).drain(), worker(50).drain()])
  expect(ran[0] + ran[1]).toBe(2)
  const records = (await api('GET', '/v1/export-records')).result.records
  for (const [i, days] of [4, 5].entries()) {
    const inRange = await countRows(
      t.db,
      sql`select count(*)::int as n from ledger_postings where user_id = ${DEMO_IDS.kyc1}
          and created_at >= ${new Date((now - days * 86_400) * 1000).toISOString()}::timestamptz
          and created_at <= ${new Date(now * 1000).toISOString()}::timestamptz`,
    )
    expect(inRange).toBeGreaterThanOrEqual(3000)
    expect(records.find((r: any) => r.record_id === ids[i])).toMatchObject({
      status: ExportStatus.Success,
      record_count: inRange,
    })
  }
})
