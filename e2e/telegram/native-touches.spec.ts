import { openAs } from '../earn-journey-helpers'
import { expect, test, type Page } from '../support/fixtures'
import { emitTelegramEvent, eventsOfType, mainButtonState } from '../support/telegram-events'

// Issue 18's native touches in the subscribe sheet, on a client with Bot API 9.1 (the
// stand-in's tgWebAppVersion): the keyboard hidden once the amount is confirmed, Back as
// Telegram's SecondaryButton, and after the first subscription the home-screen offer.

const secondaryState = async (page: Page) =>
  (
    await eventsOfType<{ is_visible?: boolean; text?: string }>(
      page,
      'web_app_setup_secondary_button',
    )
  ).at(-1) ?? null

async function review(page: Page) {
  const sheet = page.getByTestId('subscribe-sheet')
  await sheet.getByLabel('Amount').fill('10')
  await expect.poll(() => mainButtonState(page)).toMatchObject({ text: 'Preview', is_active: true })
  await emitTelegramEvent(page, 'main_button_pressed')
  await expect(sheet.getByTestId('order-review')).toContainText('10')
}

test('subscribe sheet: keyboard hidden after the amount, Back on the SecondaryButton, home screen offered once after the first subscription', async ({
  page,
  openEarn,
}) => {
  test.setTimeout(60_000)
  await openAs(
    page,
    (path) => openEarn(path, { version: '9.1', client: { homeScreen: 'missed' } }),
    'kyc2@earn.test',
    '/earn/product/flex-usdt',
  )
  await page.evaluate(() => localStorage.removeItem('earn/home-screen-offered'))
  await page.getByRole('button', { name: 'Subscribe' }).click()
  const sheet = page.getByTestId('subscribe-sheet')
  await expect(sheet.getByTestId('available-balance')).toContainText('USDT')
  expect(await eventsOfType(page, 'web_app_hide_keyboard')).toHaveLength(0)
  await review(page)
  expect(await eventsOfType(page, 'web_app_hide_keyboard')).toHaveLength(1)

  // The second action is Telegram's SecondaryButton; no in-page twin.
  await expect.poll(() => secondaryState(page)).toMatchObject({ text: 'Back', is_visible: true })
  await expect(sheet.getByRole('button', { name: 'Back' })).toHaveCount(0)
  await emitTelegramEvent(page, 'secondary_button_pressed')
  await expect(sheet.getByLabel('Amount')).toBeVisible()
  await expect.poll(() => secondaryState(page)).toMatchObject({ is_visible: false })

  await review(page)
  await expect.poll(() => mainButtonState(page)).toMatchObject({ text: 'Confirm', is_active: true })
  await emitTelegramEvent(page, 'main_button_pressed')
  await expect(sheet.getByTestId('order-success')).toContainText('Subscribed')
  await expect
    .poll(async () => (await eventsOfType(page, 'web_app_add_to_home_screen')).length)
    .toBe(1)
  expect(await eventsOfType(page, 'web_app_check_home_screen')).toHaveLength(1)

  // A second subscription: offered once per device, not again.
  await emitTelegramEvent(page, 'main_button_pressed')
  await expect(sheet).toBeHidden()
  await page.getByRole('button', { name: 'Subscribe' }).click()
  await review(page)
  await emitTelegramEvent(page, 'main_button_pressed')
  await expect(sheet.getByTestId('order-success')).toContainText('Subscribed')
  expect(await eventsOfType(page, 'web_app_check_home_screen')).toHaveLength(1)
})
