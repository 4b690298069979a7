import type { Download, Page } from '@playwright/test'
import { expect, test } from './support/fixtures'

// A user subscribes and redeems, asks for an export covering those days on the export screen,
// sees it in progress then ready, downloads it, and the CSV holds that range's wallet records.

type WalletRecord = { record_id: string; amount: string; type: string; created_at: number }
type ExportRecord = { record_id: string; export_start_at: number; export_end_at: number }

/** Each project its own coin and range: one user's same range twice at once is a 327. */
const BY_PROJECT: Record<string, { productId: string; amount: string; preset: string }> = {
  pc: { productId: 'flex-usdt', amount: '25', preset: '7' },
  h5: { productId: 'flex-eth', amount: '0.05', preset: '30' },
}

async function api<T>(page: Page, path: string, body: object = {}): Promise<T> {
  const res = await page.request.post(`/x-api${path}`, { data: body })
  const json = await res.json()
  expect(json.ret_code, `${path}: ${json.ret_msg}`).toBe(0)
  return json.result as T
}

const oid = (tag: string) =>
  `e2e-${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`

test('subscribe, redeem, export the period and download the CSV of its wallet records', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000)
  const { productId, amount, preset } = BY_PROJECT[testInfo.project.name] ?? BY_PROJECT.pc!
  await api(page, '/v1/auth/login', { email: 'kyc0@earn.test', password: 'Earn-demo-2026' })
  await api(page, '/s1/byfi/pay-order', { order_id: oid('pay'), product_id: productId, amount })
  const { positions } = await api<{ positions: { position_id: string; product_id: string }[] }>(
    page,
    '/s1/byfi/get-positions',
  )
  const position = positions.find((p) => p.product_id === productId)!
  await api(page, '/s1/byfi/redeem', { order_id: oid('redeem'), position_id: position.position_id })

  await page.goto(`/earn/export?preset=${preset}`)
  await expect(page.getByRole('heading', { name: 'Export wallet records' })).toBeVisible()
  // Every status each export row shows, in order: a quick worker may finish before a poll,
  // so the row's first state is read as the page drew it, not by sampling it later.
  await page.evaluate(() => {
    const seen: Record<string, string[]> = {}
    ;(window as unknown as { exportStatuses: typeof seen }).exportStatuses = seen
    const record = () => {
      for (const row of document.querySelectorAll('[data-testid="export-record"]')) {
        const id = row.getAttribute('data-record-id') ?? ''
        const status = row.querySelector('[data-testid="export-status"]')
        const value = `${status?.getAttribute('data-status')}:${status?.textContent}`
        const list = (seen[id] ??= [])
        if (list.at(-1) !== value) list.push(value)
      }
    }
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    })
  })
  await page.getByRole('button', { name: 'Request export' }).click()
  const submitted = page.getByRole('status').filter({ hasText: /Export \d+ requested/ })
  await expect(submitted).toBeVisible()
  const recordId = /Export (\d+) requested/.exec((await submitted.textContent()) ?? '')![1]!
  const row = page.locator(`[data-testid="export-record"][data-record-id="${recordId}"]`)
  const chip = row.getByTestId('export-status')
  // In progress first (queued or processing), then ready, driven by the list's polling.
  await expect(chip).toHaveAttribute('data-status', '2', { timeout: 30_000 })
  await expect(chip).toHaveText('Ready')
  const shown = await page.evaluate(
    (id) => (window as unknown as { exportStatuses: Record<string, string[]> }).exportStatuses[id],
    recordId,
  )
  expect(shown?.[0]).toMatch(/^[01]:(Queued|Processing)/)
  expect(shown?.at(-1)).toBe('2:Ready')
  await expect(row.getByTestId('export-range-utc')).toHaveText(
    /^\d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2} \(UTC\)$/,
  )
  const submitTime = row.getByTestId('export-submit-time')
  await expect(submitTime).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  // The same moment for machines (spec §9's YYYY-MM-DDTHH:mm:ssZ, with the offset): what the
  // text says in the viewer's own time (the e2e server's clock runs days ahead of this one).
  const iso = (await submitTime.getAttribute('datetime'))!
  expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/)
  expect(Number.isNaN(Date.parse(iso))).toBe(false)
  expect(iso.slice(0, 19).replace('T', ' ')).toBe(await submitTime.textContent())

  // The new window closes itself once the attachment starts: listen as soon as it exists.
  const downloaded = new Promise<Download>((resolve) => {
    page.once('download', resolve)
    page.context().once('page', (popup) => popup.once('download', resolve))
  })
  // The row's download asks for its own record and opens the link the answer carried
  // (record_id → recordId, download_url → downloadUrl at the API edge, spec §3).
  const link = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/x-api/s1/byfi/download-bill',
  )
  const opened: string[] = []
  page.context().on('request', (r) => opened.push(r.url()))
  await row.getByRole('button', { name: 'Download' }).click()
  const linkResponse = await link
  expect(linkResponse.request().postDataJSON()).toEqual({ record_id: recordId })
  const { download_url: downloadUrl } = (await linkResponse.json()).result as {
    download_url: string
  }
  const download = await downloaded
  expect(opened).toContain(new URL(downloadUrl, page.url()).href)
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^earn-wallet-records_\\d{4}-\\d\\d-\\d\\d_\\d{4}-\\d\\d-\\d\\d_${recordId}\\.csv$`),
  )
  const csv = await readStream(await download.createReadStream())
  const [header, ...lines] = csv.trimEnd().split('\n')
  const cols = header!.split(',')
  const rows = lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [cols[i], v])))

  const { records } = await api<{ records: ExportRecord[] }>(page, '/s1/byfi/list-bill-export')
  const job = records.find((r) => r.record_id === recordId)!
  const inRange: WalletRecord[] = []
  let cursor: string | null = null
  do {
    const page_: { records: WalletRecord[]; next_cursor: string | null } = await api(
      page,
      '/s1/byfi/get-user-wallet-records',
      {
        start_time: job.export_start_at,
        end_time: job.export_end_at,
        limit: 100,
        ...(cursor ? { cursor } : {}),
      },
    )
    inRange.push(...page_.records)
    cursor = page_.next_cursor
  } while (cursor)
  // Records the other project adds after the export ran have higher ids: leave them out.
  const lastExported = Math.max(...rows.map((r) => Number(r.record_id)))
  const expected = inRange.filter((r) => Number(r.record_id) <= lastExported)
  expect(rows.length).toBe(expected.length)
  expect(rows.map((r) => [r.record_id, r.type, r.amount])).toEqual(
    expected.map((r) => [r.record_id, r.type, r.amount]),
  )
  const types = new Set(rows.map((r) => r.type))
  expect(types.has('Stake') && types.has('Redeem')).toBe(true)
})

async function readStream(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = []
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer))
  return Buffer.concat(chunks).toString('utf8')
}
