import { API_PREFIX, earnCallPath, TELEGRAM_LOGIN_PATH } from '../../contract/paths'
import { TelegramReminderCall } from '../../contract/telegram-reminders'
import { violationsIn } from '../support/axe'
import { expect, test, type Page } from '../support/fixtures'
import { emitTelegramEvent, eventsOfType } from '../support/telegram-events'
import { serverNowSeconds, signInitData, type TelegramUser } from '../support/telegram'

// Issue 27 item 3 inside the Telegram stand-in (ios_tg): Remind me on a sold-out product asks
// for write access and sets the reminder; settings lists it, right to left in Arabic, and
// removing it there removes it on the server.

// Sold out; the coming-soon launch-mnt has a test of its own below.
const PRODUCT = 'fixed-usdt-30'
const COMING_SOON = 'launch-mnt'

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

test('Remind me on a coming-soon launch: one reminder, listed in settings', async ({
  page,
  openEarn,
}) => {
  test.setTimeout(90_000)
  // launch-mnt is released to odd account ids (Stage2), and a new Telegram account's id is not
  // known in advance: new accounts are made as Telegram launches them, straight to the server,
  // until one is odd (each is with probability 1/2), then Earn opens as that user.
  const base = 6_000_000 + Math.floor(Math.random() * 1_000_000)
  let user: TelegramUser | undefined
  for (let attempt = 0; attempt < 16 && !user; attempt++) {
    const candidate = { id: base + attempt, first_name: 'Lena', language_code: 'en' }
    const init_data = signInitData({ user: candidate, auth_date: await serverNowSeconds() })
    const res = await page.request.post(`${API_PREFIX}${TELEGRAM_LOGIN_PATH}`, {
      data: { init_data },
    })
    const { result } = (await res.json()) as { result: { user_id: number } }
    if (result.user_id % 2 === 1) user = candidate
  }
  expect(user).toBeDefined()
  await page.context().clearCookies()
  await openEarn(`/earn/product/${COMING_SOON}`, { tgUser: user })
  const remind = page.getByTestId('remind-me')
  await expect(remind).toBeEnabled()
  const set = page.waitForResponse((r) => r.url().endsWith(TelegramReminderCall.Set))
  await remind.click()
  expect((await (await set).json()).result.list).toMatchObject([
    { product_id: COMING_SOON, coin: 'MNT' },
  ])
  expect(await eventsOfType(page, 'web_app_request_write_access')).toHaveLength(1)
  await expect(page.getByTestId('remind').getByRole('status')).toBeVisible()
  await emitTelegramEvent(page, 'settings_button_pressed')
  await expect(page.getByTestId(`reminder-${COMING_SOON}`)).toContainText('MNT')
  expect(await listed(page)).toMatchObject([{ product_id: COMING_SOON }])
})
