import type { Locator, Page } from '@playwright/test'
import { EMAIL_SESSION_IN_TAB_KEY } from '../contract/telegram-launch'
import { expect } from './support/fixtures'
import { emitTelegramEvent, mainButtonState } from './support/telegram-events'

export const DEMO_PASSWORD = 'Earn-demo-2026'

/** The Telegram project that runs the earn journeys (pc_tg and android_tg ignore them). */
export const isTelegram = (projectName: string) => projectName.endsWith('_tg')

/**
 * Logs in through the auth endpoint with the page's cookie jar, as the login form does.
 * Inside Telegram the page is opened first, so the automatic Telegram login has happened; as
 * after the form's login (preferEmailSessionInTab), the tab then goes on with this session.
 */
export async function loginAs(page: Page, email: string): Promise<void> {
  const res = await page.request.post('/x-api/v1/auth/login', {
    data: { email, password: DEMO_PASSWORD },
  })
  expect((await res.json()).ret_code).toBe(0)
  await page.addInitScript((key) => {
    try {
      sessionStorage.setItem(key, '1')
    } catch {
      // Storage denied (a cross-site frame): no email login there.
    }
  }, EMAIL_SESSION_IN_TAB_KEY)
}

/** A countdown's text ("1d 23:59:58") in seconds. */
export const countdownSeconds = (text: string) => {
  const m = /(\d+)d (\d\d):(\d\d):(\d\d)/.exec(text)
  expect(m, `countdown "${text}"`).not.toBeNull()
  const [, d, h, min, s] = m!.map(Number)
  return d! * 86_400 + h! * 3_600 + min! * 60 + s!
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
  // Off the app while the session changes: a call in flight with the Telegram session the
  // email login replaces would answer 10007 and send the page to login.
  await page.goto('about:blank')
  await loginAs(page, email)
  await page.goto(path)
}

/** The FUNDING balance the sheet shows, as text ("Available: 10000.00000000 USDT"). */
export async function availableText(page: Page): Promise<string> {
  return (await page.getByTestId('available-balance').innerText()).trim()
}

/** No horizontal scroll: the document is never wider than the viewport. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  // Polled briefly: right after a resize the page may still show the other layout for a frame
  // (the desktop product table gives way to cards below 992 px on the next render).
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      { timeout: 3_000 },
    )
    .toBeLessThanOrEqual(0)
}

const inTelegram = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.platform?.endsWith('_tg') ?? false)

/**
 * Whether a screen's primary action (Preview, Confirm, Done, Request export) is on offer: the
 * in-page button on the web, Telegram's MainButton inside Telegram (no in-page twin there).
 */
export async function primaryActionShown(page: Page, scope: Locator, name: string) {
  if (!(await inTelegram(page))) return scope.getByRole('button', { name }).isVisible()
  const main = await mainButtonState(page)
  return !!main && main.text === name && !!main.is_visible
}

/** The primary action is shown and enabled (or, with enabled false, shown and disabled). */
export async function expectPrimaryAction(
  page: Page,
  scope: Locator,
  name: string,
  { enabled = true } = {},
): Promise<void> {
  if (!(await inTelegram(page))) {
    const button = scope.getByRole('button', { name })
    await (enabled ? expect(button).toBeEnabled() : expect(button).toBeDisabled())
    return
  }
  await expect(scope.getByRole('button', { name })).toHaveCount(0)
  await expect
    .poll(() => mainButtonState(page))
    .toMatchObject({ text: name, is_visible: true, is_active: enabled })
}

/** Presses the primary action: a click on the web; inside Telegram what the client sends. */
export async function pressPrimaryAction(page: Page, scope: Locator, name: string): Promise<void> {
  if (!(await inTelegram(page))) return scope.getByRole('button', { name }).click()
  await expectPrimaryAction(page, scope, name)
  await emitTelegramEvent(page, 'main_button_pressed')
}

/**
 * Opens the subscribe flow of the product page: from lg (992 px) on the web the panel is inline
 * in the right column; below it, and inside Telegram, "Subscribe" opens the sheet.
 */
export async function openSubscribe(page: Page, name = 'Subscribe'): Promise<Locator> {
  const sheet = page.getByTestId('subscribe-sheet')
  const inline = page.locator('[data-testid="subscribe-sheet"][data-inline="true"]')
  const button = page.getByRole('button', { name, exact: true })
  await expect(inline.or(button).first()).toBeVisible()
  // On a wide screen the button can give way to the inline panel just after the page is live
  // (the width is read once it runs): a click then waits for a button that is gone.
  await expect(async () => {
    if (!(await inline.isVisible())) await button.click({ timeout: 2_000 })
    await expect(sheet).toBeVisible({ timeout: 2_000 })
  }).toPass()
  return sheet
}

/** The user may subscribe: the inline panel is there, or the Subscribe button is enabled. */
export async function expectCanSubscribe(page: Page): Promise<void> {
  const inline = page.locator('[data-testid="subscribe-sheet"][data-inline="true"]')
  const button = page.getByRole('button', { name: 'Subscribe', exact: true })
  await expect(inline.or(button).first()).toBeVisible()
  if (!(await inline.isVisible())) await expect(button).toBeEnabled()
}

/**
 * Inside Telegram: opens flex-usdt's subscribe sheet, enters 10 USDT and presses the MainButton
 * once (the preview); returns the sheet.
 */
export async function previewTelegramSubscription(page: Page): Promise<Locator> {
  await page.goto('/earn/product/flex-usdt')
  await page.getByRole('button', { name: 'Subscribe' }).click()
  const sheet = page.getByTestId('subscribe-sheet')
  await expect(sheet.getByTestId('available-balance')).toContainText('USDT')
  await sheet.getByLabel('Amount').fill('10')
  await emitTelegramEvent(page, 'main_button_pressed')
  return sheet
}
