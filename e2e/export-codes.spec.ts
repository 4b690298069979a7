import type { Page } from '@playwright/test'
import {
  EXPORT_LIMITS,
  EXPORT_RECORD_PATHS,
  ExportStatus,
  UNFINISHED_EXPORT_STATUSES,
} from '../contract/export-constants'
import { API_PREFIX } from '../contract/paths'
import { BillExportRetCode } from '../contract/order-ret-codes'
import { expect, test } from './support/fixtures'
import { loginAs } from './earn-journey-helpers'
import { advanceServerClock, earnApi } from './my-earn-helpers'
import { holdingServerClock } from './support/server-clock-lock'
import { serverNowSeconds } from './support/telegram'

// Bill export's codes and its list's actions on the export screen (spec §8): 327 for a range
// already in progress, cancel then delete of that request, retry of a failed one, 326 once the
// day's requests are used up, and 328 (the form never sends a bad range: a direct request).
// The user is earn-codes-sheet.spec.ts's (no other spec exports for it); a TEST_MODE seam holds
// a request in Processing or fails it, since the worker finishes a small export within a second.
const USER = 'sheet-codes@earn.test'
const DAY = 86_400

const setState = (page: Page, recordId: string, status: ExportStatus) =>
  earnApi(page, 'test/export-state', { record_id: recordId, status })

/** Submits the form as it stands; returns the new record id from "Export N requested". */
async function requestExport(page: Page): Promise<string> {
  const submitted = page.waitForResponse(/\/submit-bill-export$/)
  await page.getByRole('button', { name: 'Request export' }).click()
  expect((await (await submitted).json()).ret_code).toBe(0)
  const status = page.getByRole('status').filter({ hasText: /Export \d+ requested/ })
  return /Export (\d+) requested/.exec((await status.textContent()) ?? '')![1]!
}

/** Submits the form and expects the code, and its message on screen. */
async function refused(page: Page, code: BillExportRetCode, message: string) {
  const submitted = page.waitForResponse(/\/submit-bill-export$/)
  await page.getByRole('button', { name: 'Request export' }).click()
  expect((await (await submitted).json()).ret_code).toBe(code)
  await expect(page.getByRole('alert')).toHaveText(message)
}

/**
 * Cancels the user's unfinished requests: a run stopped after the seam held one in Processing
 * (a failure, CI's retry) would leave its range answering 327 to the next run for good.
 */
async function cancelUnfinished(page: Page) {
  const { records } = await earnApi<{ records: { record_id: string; status: ExportStatus }[] }>(
    page,
    'list-bill-export',
  )
  for (const r of records.filter((r) => UNFINISHED_EXPORT_STATUSES.includes(r.status))) {
    const path = EXPORT_RECORD_PATHS.record.replace(':record_id', r.record_id)
    const res = await page.request.delete(`${API_PREFIX}${path}`, {
      data: { record_id: r.record_id },
    })
    expect((await res.json()).ret_code).toBe(0)
  }
}

test('export codes 326, 327, 328 and cancel, delete, retry from the list', async ({ page }) => {
  test.setTimeout(90_000)
  await loginAs(page, USER)
  await cancelUnfinished(page)
  // A wallet record now, inside every range below; no clock move may start a new UTC day
  // (a new daily count) while the test runs.
  await holdingServerClock(async () => {
    // The day's five requests are this run's: the server's clock moves to its next UTC day (an
    // earlier run in this server's day, or CI's retry of this one, used up the day it ran in).
    const before = await serverNowSeconds()
    await advanceServerClock(page, (Math.floor(before / DAY) + 1) * DAY - before + 60)
    await earnApi(page, 'pay-order', {
      order_id: `export-codes-${Date.now()}`,
      product_id: 'flex-btc',
      amount: '0.001',
    })
    const row = (id: string) =>
      page.locator(`[data-testid="export-record"][data-record-id="${id}"]`)
    const expectStatus = (id: string, status: ExportStatus, timeout?: number) =>
      expect(row(id).getByTestId('export-status')).toHaveAttribute('data-status', String(status), {
        timeout,
      })

    // "Last 7 days" by the server's clock (days ahead of this machine's in e2e): a page knows it
    // from its first answer, and until then offers the device's week, another range (after the
    // reload below, a CI run's 327 step sent that one and got 0). Each request waits for it.
    const today = new Date((await serverNowSeconds()) * 1000)
    const utcDay = (d: Date) => d.toISOString().slice(0, 10)
    const weekByServer = `${utcDay(new Date(today.getTime() - 6 * DAY * 1000))} to ${utcDay(today)} (UTC), both days included`
    const period = page.getByText(/\(UTC\), both days included/)
    await page.goto('/earn/export?preset=7')
    await expect(period).toHaveText(weekByServer)
    const first = await requestExport(page)
    await setState(page, first, ExportStatus.Processing)
    // The list stops polling once nothing is unfinished: should the worker have finished the
    // request before the seam held it, the list shows it done until it is read again.
    await page.reload()
    await expect(period).toHaveText(weekByServer)

    await test.step('327: the same range again while the first is in progress', async () => {
      await refused(
        page,
        BillExportRetCode.Duplicate,
        'An export for this period has already been requested.',
      )
    })

    await test.step('cancel, then delete, of that request from its row', async () => {
      // The generic path: DELETE of the record cancels it while unfinished, then deletes it.
      const path = EXPORT_RECORD_PATHS.record.replace(':record_id', first)
      const deleteCall = () =>
        page.waitForResponse(
          (r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname.endsWith(path),
        )
      await expectStatus(first, ExportStatus.Processing)
      const cancelled = deleteCall()
      await row(first).getByRole('button', { name: 'Cancel' }).click()
      expect((await (await cancelled).json()).result.action).toBe('cancelled')
      await expectStatus(first, ExportStatus.Cancelled)
      const deleted = deleteCall()
      await row(first).getByRole('button', { name: 'Delete' }).click()
      expect((await (await deleted).json()).result.action).toBe('deleted')
      await expect(row(first)).toHaveCount(0)
    })

    await test.step('retry of a failed request from its row', async () => {
      await page.goto('/earn/export?preset=30')
      const second = await requestExport(page)
      await setState(page, second, ExportStatus.Failed)
      await page.reload()
      await expectStatus(second, ExportStatus.Failed)
      const retried = page.waitForResponse(/\/retry-bill-export$/)
      await row(second).getByRole('button', { name: 'Retry' }).click()
      const retry = await retried
      expect(retry.request().postDataJSON()).toEqual({ record_id: second })
      expect((await retry.json()).ret_code).toBe(0)
      // Queued again, then the worker finishes it.
      await expectStatus(second, ExportStatus.Success, 30_000)
    })

    await test.step('326: the day’s requests used up', async () => {
      // Two made above; the rest of the day's count as other ranges, by direct requests.
      const end = await serverNowSeconds()
      for (let i = 2; i < EXPORT_LIMITS.perDay; i++)
        await earnApi(page, 'submit-bill-export', {
          export_start_at: end - (i + 1) * 3 * DAY,
          export_end_at: end,
        })
      await page.goto('/earn/export?preset=90')
      await refused(page, BillExportRetCode.ExportLimit, 'You have reached the export limit.')
    })
  })

  await test.step('328: a reversed range, refused by the form and by the server', async () => {
    await page.goto('/earn/export?preset=custom&start=2026-01-10&end=2026-01-01')
    const sent: string[] = []
    page.on('request', (r) => {
      if (r.url().endsWith('/submit-bill-export')) sent.push(r.url())
    })
    await page.getByRole('button', { name: 'Request export' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'The end date must not be before the start date.',
    )
    expect(sent).toEqual([])
    const res = await page.request.post('/x-api/s1/byfi/submit-bill-export', {
      data: { export_start_at: 1_767_916_800, export_end_at: 1_767_225_600 },
    })
    expect((await res.json()).ret_code).toBe(BillExportRetCode.InvalidRequest)
  })
})
