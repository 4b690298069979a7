import { createHmac } from 'node:crypto'
import { biometricMessage, TelegramSettingsCall } from '../../contract/telegram-bot'
import { RetCode } from '../../contract/ret-codes'
import { loginAs, openAs, previewTelegramSubscription } from '../earn-journey-helpers'
import { expect, test, type Page } from '../support/fixtures'
import { emitTelegramEvent, eventsOfType } from '../support/telegram-events'
import { launchHash, LIGHT_THEME, signInitData } from '../support/telegram'
import { installTelegramBridge } from '../support/telegram-bridge'

// Issue 18's client half inside the Telegram stand-in (e2e/support/telegram-bridge.ts):
// settings, biometric confirmation of money moves, cloud storage shared by two "devices".

/** Accounts no other Telegram journey pays with, so biometry being on never refuses theirs. */
const BIOMETRY_USER: Record<string, string> = {
  ios_tg: 'kyc1@earn.test',
  android_tg: 'insider@earn.test',
}
/** Each project its own Telegram user (a fresh account on first launch). */
const TG_ID: Record<string, number> = { pc_tg: 5551801, ios_tg: 5551802, android_tg: 5551803 }

const EARN = '/x-api/s1/byfi'
const hmac = (key: string, message: string) =>
  createHmac('sha256', Buffer.from(key, 'base64url')).update(message).digest('hex')

async function call(page: Page, name: string, body: unknown = {}) {
  const res = await page.request.post(`${EARN}/${name}`, { data: body })
  return (await res.json()) as { ret_code: number; result: Record<string, unknown> }
}

const savedToken = (page: Page) => page.evaluate(() => localStorage.getItem('__tgBioToken'))

/** The biometry enrolment as the stand-in's DeviceStorage holds it. */
const onDevice = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('__tgDevice') ?? '{}') as Record<string, string>)[
        'earn/biometry-device'
      ] ?? null,
  )

const biometrySwitch = (page: Page) => page.getByTestId('setting-biometry').getByRole('switch')

test('biometric confirmation: enrol, a pay-order confirmed by the biometrics, one without confirm refused, turn off; hidden without biometrics', async ({
  page,
  openEarn,
}, testInfo) => {
  test.setTimeout(90_000)
  const project = testInfo.project.name
  const deviceId = `e2e-device-${project}`
  if (project === 'pc_tg') {
    // Telegram Desktop: no biometrics, so nothing to confirm with: the setting is not offered.
    await openEarn('/earn/settings', {
      tgUser: { id: TG_ID[project]!, first_name: 'Desk', language_code: 'en' },
    })
    await expect(page.getByTestId('setting-notifications')).toBeVisible()
    await expect(page.getByTestId('setting-hide-balances')).toBeVisible()
    await expect(page.getByTestId('setting-biometry')).toHaveCount(0)
    return
  }
  const email = BIOMETRY_USER[project]!
  // ios_tg on Bot API 9.0: the enrolment is kept in Telegram's DeviceStorage too; android_tg on
  // 8.0 in localStorage only.
  const deviceStorage = project === 'ios_tg'
  await openAs(
    page,
    (path) =>
      openEarn(path, {
        version: deviceStorage ? '9.0' : undefined,
        client: { biometry: { type: 'finger', deviceId } },
      }),
    email,
    '/earn/settings',
  )
  try {
    await expect(biometrySwitch(page)).toHaveAttribute('aria-checked', 'false')
    await biometrySwitch(page).click()
    await expect(biometrySwitch(page)).toHaveAttribute('aria-checked', 'true')
    // The server's key went to Telegram's biometric storage, and the server knows this device.
    const key = await savedToken(page)
    expect(key).toMatch(/^[\w-]{43}$/)
    expect(
      (await eventsOfType<{ token?: string }>(page, 'web_app_biometry_update_token')).at(-1),
    ).toMatchObject({ token: key })
    const settings = await call(page, 'get-telegram-settings')
    expect(settings.result).toMatchObject({ biometry: true, biometry_devices: [deviceId] })

    if (deviceStorage) {
      // The webview's storage cleared (a cleared cache, a frame without storage): DeviceStorage
      // still says this device holds a key, so the next money move is still signed.
      await expect.poll(() => onDevice(page)).toBe(deviceId)
      await page.evaluate(() => localStorage.removeItem('earn/biometry-device'))
    }

    // Pay: a single-use challenge is fetched first, then the biometrics are asked, and confirm
    // is HMAC-SHA256(key, the challenge + pay-order + this product, amount and order id).
    const sheet = await previewTelegramSubscription(page)
    await expect(sheet.getByTestId('order-review')).toContainText('10')
    const authsBefore = (await eventsOfType(page, 'web_app_biometry_request_auth')).length
    const sent: string[] = []
    page.on('request', (r) => {
      if (r.url().includes(`${EARN}/`)) sent.push(r.url().slice(r.url().lastIndexOf('/') + 1))
    })
    const challengeAnswer = page.waitForResponse((r) =>
      r.url().endsWith(`${EARN}/${TelegramSettingsCall.BiometryChallenge}`),
    )
    const payRequest = page.waitForRequest((r) => r.url().endsWith(`${EARN}/pay-order`))
    await emitTelegramEvent(page, 'main_button_pressed')
    const { challenge } = (
      (await (await challengeAnswer).json()) as { result: { challenge: string } }
    ).result
    const paid = (await payRequest).postDataJSON() as {
      order_id: string
      product_id: string
      amount: string
      challenge?: string
      confirm?: string
    }
    expect(paid).toMatchObject({ product_id: 'flex-usdt', amount: '10', challenge })
    expect(paid.confirm).toBe(hmac(key!, biometricMessage(challenge, 'pay-order', paid)))
    // The challenge left the page before the confirmed call.
    expect(sent.indexOf(TelegramSettingsCall.BiometryChallenge)).toBeGreaterThanOrEqual(0)
    expect(sent.indexOf(TelegramSettingsCall.BiometryChallenge)).toBeLessThan(
      sent.indexOf('pay-order'),
    )
    await expect(sheet.getByTestId('order-success')).toContainText('Subscribed')
    expect((await eventsOfType(page, 'web_app_biometry_request_auth')).length).toBe(authsBefore + 1)
    // The key the biometrics released signed this order and was kept nowhere (the SDK's own
    // biometry.authenticate() would have saved it in sessionStorage).
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain(key)

    // The same order without confirm (a stolen session, say): refused while biometry is on; so
    // is the captured body sent again (its challenge is spent).
    const { confirm: _confirm, ...unsigned } = paid
    const refused = await call(page, 'pay-order', { ...unsigned, order_id: `${paid.order_id}x` })
    expect(refused.ret_code).toBe(RetCode.BiometricConfirmationRequired)
    const replayed = await call(page, 'pay-order', { ...paid, amount: '11' })
    expect(replayed.ret_code).toBe(RetCode.BiometricConfirmationRequired)

    // Turning it off needs one more biometric confirmation.
    await page.goto('/earn/settings')
    await expect(biometrySwitch(page)).toHaveAttribute('aria-checked', 'true')
    const authsBeforeOff = (await eventsOfType(page, 'web_app_biometry_request_auth')).length
    await biometrySwitch(page).click()
    await expect(biometrySwitch(page)).toHaveAttribute('aria-checked', 'false')
    expect((await eventsOfType(page, 'web_app_biometry_request_auth')).length).toBe(
      authsBeforeOff + 1,
    )
    expect(await savedToken(page)).toBeNull()
    if (deviceStorage) await expect.poll(() => onDevice(page)).toBeNull()
    expect((await call(page, 'get-telegram-settings')).result).toMatchObject({ biometry: false })
  } finally {
    // Never leave the shared demo account confirming: other journeys pay with it.
    const key = await savedToken(page).catch(() => null)
    if (key) {
      await loginAs(page, email)
      const disable = { device_id: deviceId }
      const { challenge } = (await call(page, TelegramSettingsCall.BiometryChallenge)).result as {
        challenge: string
      }
      await call(page, TelegramSettingsCall.DisableBiometry, {
        ...disable,
        challenge,
        confirm: hmac(
          key,
          biometricMessage(challenge, TelegramSettingsCall.DisableBiometry, disable),
        ),
      })
    }
  }
})

test('the SettingsButton opens settings; notifications ask for write access before going on', async ({
  page,
  openEarn,
}, testInfo) => {
  const tgUser = { id: TG_ID[testInfo.project.name]! + 10, first_name: 'Set', language_code: 'en' }
  await openEarn('/earn/home', { tgUser })
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  await expect
    .poll(async () => (await eventsOfType(page, 'web_app_setup_settings_button')).at(-1))
    .toEqual({ is_visible: true })
  await emitTelegramEvent(page, 'settings_button_pressed')
  await expect.poll(() => new URL(page.url()).pathname).toBe('/earn/settings')
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible()
  // Inside Telegram, settings open from Telegram's menu: no second entry in the header.
  await expect(page.getByTestId('settings-link')).toBeHidden()

  const notifications = page.getByTestId('setting-notifications').getByRole('switch')
  await expect(notifications).toHaveAttribute('aria-checked', 'false')
  await notifications.click()
  await expect(notifications).toHaveAttribute('aria-checked', 'true')
  expect(await eventsOfType(page, 'web_app_request_write_access')).toHaveLength(1)
  expect((await call(page, 'get-telegram-settings')).result).toMatchObject({ notifications: true })
  await notifications.click()
  await expect(notifications).toHaveAttribute('aria-checked', 'false')
})

test('preferences set on one device (hide balances, display currency) are read on another through the cloud storage', async ({
  browser,
  baseURL,
}, testInfo) => {
  const platform = testInfo.project.use as { tgWebAppPlatform?: string }
  const cloud = new Map<string, string>()
  const tgUser = { id: TG_ID[testInfo.project.name]! + 20, first_name: 'Two', language_code: 'en' }
  const health = (await (await fetch(`${baseURL}/x-api/health`)).json()) as { time_now: number }
  const device = async () => {
    const context = await browser.newContext({ baseURL })
    const page = await context.newPage()
    // One Telegram account's cloud storage, as Telegram's servers keep it for every device.
    await page.exposeFunction('__tgCloud', (method: string, params: Record<string, unknown>) => {
      if (method === 'saveStorageValue') cloud.set(params.key as string, params.value as string)
      if (method === 'getStorageValues')
        return Object.fromEntries((params.keys as string[]).map((k) => [k, cloud.get(k) ?? '']))
      if (method === 'getStorageKeys') return [...cloud.keys()]
      return true
    })
    await page.addInitScript(installTelegramBridge, { theme: LIGHT_THEME })
    const initData = signInitData({ user: tgUser, auth_date: Math.floor(Number(health.time_now)) })
    await page.goto(
      '/earn/settings' + launchHash(platform.tgWebAppPlatform ?? 'ios', initData, LIGHT_THEME),
    )
    return { context, page }
  }
  const phone = await device()
  const hide = (page: Page) => page.getByTestId('setting-hide-balances').getByRole('switch')
  await expect(hide(phone.page)).toBeEnabled()
  await expect(hide(phone.page)).toHaveAttribute('aria-checked', 'false')
  await hide(phone.page).click()
  await expect(hide(phone.page)).toHaveAttribute('aria-checked', 'true')
  await expect(phone.page.locator('html')).toHaveAttribute('data-hide-balances', '')
  const currency = (page: Page) =>
    page.getByTestId('setting-display-currency').getByRole('combobox')
  await currency(phone.page).selectOption('EUR')
  await expect
    .poll(() => JSON.parse(cloud.get('earn_preferences') ?? '{}') as unknown)
    .toEqual({ hideBalances: true, currency: 'EUR' })

  const tablet = await device()
  await expect(hide(tablet.page)).toHaveAttribute('aria-checked', 'true')
  await expect(tablet.page.locator('html')).toHaveAttribute('data-hide-balances', '')
  await expect(currency(tablet.page)).toHaveValue('EUR')
  // Read from the cloud, not from the second device's own storage.
  expect(await tablet.page.evaluate(() => localStorage.getItem('earn_preferences'))).toBeNull()
  await phone.context.close()
  await tablet.context.close()
})
