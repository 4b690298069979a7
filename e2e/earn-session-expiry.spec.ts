import { RetCode } from '../contract/ret-codes'
import { GA_UID_KEY } from '../src/lib/analytics/analytics-user'
import { expect, test } from './support/fixtures'
import { loginAs } from './earn-journey-helpers'

// Spec §8 on the web: a call answered 10007 (or its variant 100007) sends the user to
// /{lang}/login?redirect_url=<the page>, and from then on analytics counts them logged out (GA
// uid 0, is_login false).
test('an expired session (10007, then 100007) sends the user to login, back to the page, with GA uid 0', async ({
  page,
}) => {
  const gaUid = () => page.evaluate((key) => localStorage.getItem(key), GA_UID_KEY)
  for (const code of [RetCode.LoginExpired, RetCode.LoginExpiredAlt]) {
    await loginAs(page, 'codes@earn.test')
    await page.goto('/earn/my-earn')
    await expect(page.getByTestId('account-name')).toBeVisible()
    await expect.poll(gaUid).toMatch(/^[1-9]\d*$/)

    // The session ends on the server (as an expiry would) while the browser keeps its cookie.
    const cookies = await page.context().cookies()
    expect(
      (await (await page.request.post('/x-api/v1/auth/logout', { data: {} })).json()).ret_code,
    ).toBe(0)
    await page.context().addCookies(cookies)

    // The answer is read as it passes (the page navigates away before its body could be). The
    // server answers 10007; for 100007, which this server never sends, the same answer passes
    // with that code instead.
    let answered: number | undefined
    await page.route(/\/get-orders$/, async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      if (body.ret_code !== RetCode.LoginExpired) return route.fulfill({ response })
      answered = code
      await route.fulfill({ response, json: { ...body, ret_code: code } })
    })
    await page.getByRole('link', { name: 'Orders' }).click()
    await expect(page).toHaveURL(/\/en\/login\?redirect_url=/)
    const back = new URL(page.url()).searchParams.get('redirect_url')
    expect(new URL(back!).pathname).toBe('/earn/orders')
    expect(answered, String(code)).toBe(code)
    expect(await gaUid()).toBe('0')
    await page.unrouteAll({ behavior: 'wait' })
  }
})
