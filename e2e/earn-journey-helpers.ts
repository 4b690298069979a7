import type { Page } from '@playwright/test'
import { expect } from './support/fixtures'

export const DEMO_PASSWORD = 'Earn-demo-2026'

/** The Telegram project that runs the earn journeys (pc_tg and android_tg ignore them). */
export const isTelegram = (projectName: string) => projectName.endsWith('_tg')

/**
 * Logs in through the auth endpoint with the page's cookie jar, as the login form does.
 * Inside Telegram the page is opened first, so the automatic Telegram login has happened
 * and will not replace this session for the rest of the tab.
 */
export async function loginAs(page: Page, email: string): Promise<void> {
  const res = await page.request.post('/x-api/v1/auth/login', {
    data: { email, password: DEMO_PASSWORD },
  })
  expect((await res.json()).ret_code).toBe(0)
}

/** Opens the app the way the project opens it, then switches to an email user. */
export async function openAs(
  page: Page,
  openEarn: (path: string) => Promise<void>,
  email: string,
  path: string,
): Promise<void> {
  await openEarn('/earn/home')
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  // The header resolves once any automatic (Telegram) login is done: no race with ours.
  await expect(
    page.getByTestId('account-name').or(page.getByRole('link', { name: 'Log in' })),
  ).toBeVisible()
  await loginAs(page, email)
  await page.goto(path)
}

/** The FUNDING balance the sheet shows, as text ("Available: 10000.00000000 USDT"). */
export async function availableText(page: Page): Promise<string> {
  return (await page.getByTestId('available-balance').innerText()).trim()
}

/** No horizontal scroll: the document is never wider than the viewport. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}
