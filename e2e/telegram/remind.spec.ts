import AxeBuilder from '@axe-core/playwright'
import { earnCallPath } from '../../contract/paths'
import { TelegramReminderCall } from '../../contract/telegram-reminders'
import { expect, test, type Page } from '../support/fixtures'
import { emitTelegramEvent, eventsOfType } from '../support/telegram-events'

// Issue 27 item 3 inside the Telegram stand-in (ios_tg): Remind me on a sold-out product asks
// for write access and sets the reminder; settings lists it, right to left in Arabic, and
// removing it there removes it on the server.

// Sold out (launch-mnt, the coming-soon one, is gray-released to odd account ids only, and a
// new Telegram account's id is not known in advance; the server tests cover its opening).
const PRODUCT = 'fixed-usdt-30'

const violationsIn = async (page: Page, selector: string) =>
  (await new AxeBuilder({ page }).include(selector).analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  )

const listed = async (page: Page) => {
  const res = await page.request.post(earnCallPath(TelegramReminderCall.List), { data: {} })
  return ((await res.json()) as { result: { list: { product_id: string }[] } }).result.list
}

test('Remind me asks for write access, shows in settings and is removed there', async ({
  page,
  openEarn,
}) => {
  test.setTimeout(60_000)
  await openEarn(`/earn/product/${PRODUCT}`, {
    tgUser: { id: 5552901, first_name: 'Rima', language_code: 'ar' },
  })
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  const remind = page.getByTestId('remind-me')
  // Enabled once the Telegram login has answered.
  await expect(remind).toBeEnabled()
  const set = page.waitForResponse((r) => r.url().endsWith(TelegramReminderCall.Set))
  await remind.click()
  expect((await (await set).json()).result.list).toMatchObject([{ product_id: PRODUCT }])
  expect(await eventsOfType(page, 'web_app_request_write_access')).toHaveLength(1)
  await expect(remind).toBeDisabled()
  await expect(page.getByTestId('remind').getByRole('status')).toBeVisible()
  expect(await violationsIn(page, '[data-testid="remind"]')).toEqual([])

  await emitTelegramEvent(page, 'settings_button_pressed')
  const row = page.getByTestId(`reminder-${PRODUCT}`)
  await expect(row).toContainText('USDT')
  expect(await violationsIn(page, '[data-testid="setting-reminders"]')).toEqual([])
  const removed = page.waitForResponse((r) => r.url().endsWith(TelegramReminderCall.Remove))
  await row.getByRole('button').click()
  expect((await (await removed).json()).result.list).toEqual([])
  await expect(row).toBeHidden()
  expect(await listed(page)).toEqual([])
})
