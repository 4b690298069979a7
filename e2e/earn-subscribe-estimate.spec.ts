import type { Locator, Page } from '@playwright/test'
import { openAs, openSubscribe } from './earn-journey-helpers'
import { expect, test } from './support/fixtures'
import { holdingServerClock } from './support/server-clock-lock'

// Issue 17, subscribe: the estimate follows the amount as it is typed (per day and over a fixed
// term), says when the money starts earning and how it ends, and shows '--' before an amount.

/** A shown figure as a number ("1,234.5 USDT" → 1234.5, "12.00%" → 12). */
const numberOf = async (locator: Locator) =>
  Number((await locator.innerText()).replace(/[^\d.]/g, ''))
/** The schedule line without the direction isolates around its dates. */
const scheduleOf = async (sheet: Locator) =>
  (await sheet.getByTestId('estimate-schedule').innerText()).replace(/[\u2066-\u2069]/g, '')

/**
 * The next whole hour and the date `days` on, in the page's own time zone, from the server's
 * clock (the page counts on it; other specs move the test server's clock by days).
 */
const expectedTimes = (page: Page, days: number) =>
  page.evaluate(async (termDays) => {
    const health = (await (await fetch('/x-api/health')).json()) as { time_now: number }
    const now = Number(health.time_now) * 1000
    const pad = (n: number) => String(n).padStart(2, '0')
    const start = new Date(Math.ceil(now / 3_600_000) * 3_600_000)
    const end = new Date(now + termDays * 86_400_000)
    return {
      start: `${pad(start.getHours())}:${pad(start.getMinutes())}`,
      startsToday: start.getDate() === new Date(now).getDate(),
      maturityDate: `${end.getFullYear()}-${pad(end.getMonth() + 1)}-${pad(end.getDate())}`,
    }
  }, days)

async function openSheet(page: Page, openEarn: (path: string) => Promise<void>, id: string) {
  await openAs(page, openEarn, 'kyc2@earn.test', `/earn/product/${id}`)
  // A sheet on phones and in Telegram, the inline panel from lg on the web.
  const sheet = await openSubscribe(page)
  await expect(sheet.getByTestId('available-balance')).toBeVisible()
  return sheet
}

test('a fixed term: per-day and to-maturity estimates follow the typed amount; start and maturity in words', async ({
  page,
  openEarn,
}) => {
  // From page load to the last assertion the server's time stays put (no clock move).
  await holdingServerClock(async () => {
    const sheet = await openSheet(page, openEarn, 'fixed-usdc-90')
    // Before an amount: '--', never a run of zeros.
    await expect(sheet.getByTestId('estimate-daily')).toHaveText('--')
    await expect(sheet.getByTestId('estimate-term')).toHaveText('--')
    await expect(sheet).not.toContainText(/0\.0000/)

    const amountField = sheet.getByLabel('Amount')
    await amountField.pressSequentially('123')
    const apr = (await numberOf(sheet.getByTestId('estimate-apr'))) / 100
    expect(apr).toBeGreaterThan(0)
    await expect
      .poll(() => numberOf(sheet.getByTestId('estimate-daily')))
      .toBeCloseTo((123 * apr) / 365, 2)
    // Typing on updates both figures, to the amount × APR / 365 of the APR shown.
    await amountField.pressSequentially('45.67')
    await expect(amountField).toHaveValue('12345.67')
    const daily = (12345.67 * apr) / 365
    await expect.poll(() => numberOf(sheet.getByTestId('estimate-daily'))).toBeCloseTo(daily, 2)
    await expect.poll(() => numberOf(sheet.getByTestId('estimate-term'))).toBeCloseTo(daily * 90, 1)
    await expect(sheet.getByTestId('estimate-term')).toContainText('USDC')

    const times = await expectedTimes(page, 90)
    const schedule = await scheduleOf(sheet)
    expect(schedule).toBe(
      `Earning from ${times.start} ${times.startsToday ? 'today' : 'tomorrow'} · matures on ${times.maturityDate} ${schedule.slice(-5)}`,
    )
    expect(schedule).toMatch(/ \d\d:\d\d$/)
  })
})

test('a flexible product: the estimate per day, and "redeem any time"', async ({
  page,
  openEarn,
}) => {
  // From page load to the last assertion the server's time stays put (no clock move).
  await holdingServerClock(async () => {
    const sheet = await openSheet(page, openEarn, 'flex-eth')
    await expect(sheet.getByTestId('estimate-daily')).toHaveText('--')
    await expect(sheet.getByTestId('estimate-term')).toHaveCount(0)
    await sheet.getByLabel('Amount').fill('36.5')
    const apr = (await numberOf(sheet.getByTestId('estimate-apr'))) / 100
    await expect
      .poll(() => numberOf(sheet.getByTestId('estimate-daily')))
      .toBeCloseTo((36.5 * apr) / 365, 6)
    await expect(sheet.getByTestId('estimate-daily')).toContainText('ETH')
    const times = await expectedTimes(page, 0)
    expect(await scheduleOf(sheet)).toBe(
      `Earning from ${times.start} ${times.startsToday ? 'today' : 'tomorrow'} · redeem any time`,
    )
    // Clearing the amount goes back to '--'.
    await sheet.getByLabel('Amount').fill('')
    await expect(sheet.getByTestId('estimate-daily')).toHaveText('--')
  })
})
