import { API_PREFIX, earnCallPath, PROFILE_PATH, TELEGRAM_LOGIN_PATH } from '../../contract/paths'
import { invitationPayload, startParamFor } from '../../contract/start-param'
import { TelegramShareCall } from '../../contract/telegram-share'
import { violationsIn } from '../support/axe'
import { expect, test, type Page } from '../support/fixtures'
import { eventsOfType } from '../support/telegram-events'
import { serverNowSeconds, signInitData, type TelegramUser } from '../support/telegram'

// Issue 27 inside the Telegram stand-in, on the phones (ios_tg, android_tg): an invitation
// attributed at the first launch, and Share through the share sheet or the t.me share link.

/** Each project its own Telegram users (fresh accounts on first launch). */
const BASE_ID: Record<string, number> = { ios_tg: 5552700, android_tg: 5552800 }

/** A launch as Telegram would sign it, straight to the server: the account and its session. */
async function launchOverApi(page: Page, user: TelegramUser, startParam?: string) {
  const init_data = signInitData({
    user,
    auth_date: await serverNowSeconds(),
    ...(startParam ? { start_param: startParam } : {}),
  })
  const res = await page.request.post(`${API_PREFIX}${TELEGRAM_LOGIN_PATH}`, {
    data: { init_data },
  })
  const { result } = (await res.json()) as { result: { user_id: number; token: string } }
  return result
}

async function invitationsOf(page: Page, token: string) {
  const res = await page.request.post(earnCallPath(TelegramShareCall.GetInvitations), {
    data: {},
    headers: { usertoken: token },
  })
  return (
    (await res.json()) as { result: { invited_by: { id: number } | null; invited_count: number } }
  ).result
}

test('a first launch through an invitation shows "Invited by …" and counts for the inviter; a second launch or one\'s own invitation changes nothing', async ({
  page,
  openEarn,
}, testInfo) => {
  // A loaded 2-core machine: two launches, two pages' axe runs.
  test.setTimeout(60_000)
  const base = BASE_ID[testInfo.project.name]!
  const alice = await launchOverApi(page, { id: base + 1, first_name: 'Alice' })
  expect((await invitationsOf(page, alice.token)).invited_count).toBe(0)

  // android_tg's Bob reads Arabic: the section right to left.
  const arabic = testInfo.project.name === 'android_tg'
  const bob: TelegramUser = { id: base + 2, first_name: 'Bob', language_code: arabic ? 'ar' : 'en' }
  await openEarn('/earn/settings', {
    tgUser: bob,
    startParam: invitationPayload(alice.user_id, startParamFor('home')),
  })
  await page.goto('/earn/settings')
  await expect(page.getByTestId('invited-by')).toHaveText(
    arabic ? 'بدعوة من Alice' : 'Invited by Alice',
  )
  await expect(page.getByTestId('invited-count')).toHaveText(
    arabic ? 'الأشخاص الذين دعوتهم: 0' : 'People you invited: 0',
  )
  await expect(page.locator('html')).toHaveAttribute('dir', arabic ? 'rtl' : 'ltr')
  expect(await violationsIn(page, '[data-testid="setting-invitations"]')).toEqual([])
  expect((await invitationsOf(page, alice.token)).invited_count).toBe(1)

  // Bob again, then through his own invitation, and Alice through Bob's: nothing moves.
  const again = await launchOverApi(page, bob)
  await launchOverApi(page, bob, invitationPayload(again.user_id))
  const alice2 = await launchOverApi(
    page,
    { id: base + 1, first_name: 'Alice' },
    invitationPayload(again.user_id),
  )
  expect(await invitationsOf(page, again.token)).toMatchObject({
    invited_by: { id: alice.user_id },
    invited_count: 0,
  })
  expect(await invitationsOf(page, alice2.token)).toEqual({ invited_by: null, invited_count: 1 })
})

test('Share: the prepared message through the share sheet (8.0), the t.me share link before', async ({
  page,
  openEarn,
}, testInfo) => {
  // A loaded 2-core machine: two launches, two pages' axe runs.
  test.setTimeout(60_000)
  const base = BASE_ID[testInfo.project.name]!
  // android_tg plays an older client (7.10): no shareMessage there.
  const older = testInfo.project.name === 'android_tg'
  await openEarn('/earn/product/flex-usdt', {
    tgUser: { id: base + 3, first_name: 'Sam', language_code: 'en' },
    version: older ? '7.10' : undefined,
  })
  const share = page.getByTestId('share-product')
  await expect(share).toBeVisible()
  // The share carries the account's invitation: the page's login (its cookie) is done first.
  const profileId = async () => {
    const res = await page.request.get(`${API_PREFIX}${PROFILE_PATH}`)
    return ((await res.json()) as { result?: { id?: number } }).result?.id ?? 0
  }
  await expect.poll(profileId).toBeGreaterThan(0)
  const id = await profileId()
  const startapp = invitationPayload(id, startParamFor('product', 'flex-usdt'))
  await share.click()
  expect(await violationsIn(page, '[data-testid="share-product"]')).toEqual([])
  if (older) {
    await expect
      .poll(async () =>
        (await eventsOfType<{ path_full: string }>(page, 'web_app_open_tg_link')).at(-1),
      )
      .toBeTruthy()
    const [opened] = (
      await eventsOfType<{ path_full: string }>(page, 'web_app_open_tg_link')
    ).slice(-1)
    expect(opened!.path_full).toMatch(/^\/share\/url\?url=/)
    expect(decodeURIComponent(opened!.path_full)).toContain(`startapp=${startapp}`)
  } else {
    await expect
      .poll(
        async () =>
          (await eventsOfType<{ id: string }>(page, 'web_app_send_prepared_message')).length,
      )
      .toBe(1)
    const [sent] = await eventsOfType<{ id: string }>(page, 'web_app_send_prepared_message')
    expect(sent!.id).toMatch(/^prepared-\d+$/)
  }
})
