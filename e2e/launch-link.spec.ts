import { loginAs } from './earn-journey-helpers'
import { E2E_BASE_URL } from './support/constants'
import { expect, test } from './support/fixtures'
import { holdingServerClock } from './support/server-clock-lock'
import { LIGHT_THEME, launchHash, serverNowSeconds, signInitData } from './support/telegram'

// A launch link never swaps a session (issue 23): launch parameters count only where a Telegram
// client can be (its webview bridge, or a parent page). A signed-in web visitor who opens a link
// carrying someone else's tgWebAppData, in a browser tab, stays themselves.

type Profile = { ret_code: number; result: { user_id: number } }

test("a signed-in web visitor who opens a link with someone else's tgWebAppData stays themselves", async ({
  page,
}) => {
  await page.goto('/earn/home')
  await loginAs(page, 'kyc2@earn.test')
  const profile = async () =>
    (await (await page.request.get('/x-api/v2/private/user/profile')).json()) as Profile
  const me = (await profile()).result.user_id
  const cookiesBefore = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`)

  const logins: string[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('/x-api/v1/auth/telegram')) logins.push(r.url())
  })
  const mallory = { user: { id: 5559991, first_name: 'Mallory', language_code: 'en' } }
  const someoneElse = signInitData({ ...mallory, auth_date: await serverNowSeconds() })
  // Opened from elsewhere (a chat, a mail): a new page load, not a hash change of this one.
  await page.goto('about:blank')
  await page.goto(`/earn/home${launchHash('ios', someoneElse, LIGHT_THEME)}`)
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  // A web page, not a Telegram one: no Telegram login was attempted, the header is the visitor's.
  await expect(page.locator('html')).not.toHaveAttribute('data-platform', /_tg$/)
  await expect(page.getByTestId('account-name')).toBeVisible()
  await expect(page.getByTestId('account-name')).not.toContainText('Mallory')
  expect(logins).toEqual([])
  expect((await profile()).result.user_id).toBe(me)
  // The link's initData (a credential) does not stay in the address, where it would travel on.
  expect(await page.evaluate(() => location.hash)).not.toContain('tgWebAppData')

  // And should the link's initData reach the server with the visitor's cookie anyway, their
  // session is neither replaced nor ended: the Telegram session comes in the body only.
  // Signed again at the server's time, with the clock held: a move by another spec between
  // the signing and the post would make this initData stale (10003) rather than answered.
  const res = await holdingServerClock(async () =>
    page.request.post(`${E2E_BASE_URL}/x-api/v1/auth/telegram`, {
      data: { init_data: signInitData({ ...mallory, auth_date: await serverNowSeconds() }) },
    }),
  )
  const body = (await res.json()) as { ret_code: number; result: { token?: string } }
  expect(body.ret_code).toBe(0)
  expect(body.result.token).toBeTruthy()
  expect(res.headers()['set-cookie']).toBeUndefined()
  expect((await profile()).result.user_id).toBe(me)
  expect((await page.context().cookies()).map((c) => `${c.name}=${c.value}`)).toEqual(
    expect.arrayContaining(cookiesBefore),
  )
})
