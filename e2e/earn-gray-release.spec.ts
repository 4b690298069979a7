import type { Page } from '@playwright/test'
import { GRAY_RELEASE_COOKIE_MAX_AGE_SECONDS } from '../contract/cookie-names'
import { GrayReleaseStage, NOT_RELEASED_EXT_CODE, stageKey } from '../contract/gray-release'
import { GrayReleaseScene } from '../contract/gray-release-scenes'
import { OrderRetCode } from '../contract/order-ret-codes'
import { API_PREFIX, CONFIG_WEB_PATH } from '../contract/paths'
import { grayReleaseCookieName } from '../src/lib/env/env-cookies'
import { E2E_BASE_URL } from './support/constants'
import { expect, test } from './support/fixtures'
import { loginAs, openAs } from './earn-journey-helpers'

/** Spec §9: the whitelist answer is stale after 60 s and dropped after 10 min. */
const WHITELIST_STALE_MS = 60_000
const WHITELIST_DROP_MS = 10 * 60_000

// Issue 24, item 5: a product staged for the whitelist (structured-eth, Internal) opened by URL
// by a user the stage does not include (kyc2): the server refuses it and the page says so.
// pc only (PC_ONLY in playwright.config.ts): the rule is the server's, not the platform's.
test('a staged product opened by URL by an excluded user shows "not available to you"', async ({
  page,
  openEarn,
}) => {
  const detail = page.waitForResponse(
    (r) => r.url().endsWith('/get-product-detail') && r.request().method() === 'POST',
  )
  await openAs(page, openEarn, 'kyc2@earn.test', '/earn/product/structured-eth')
  const envelope = (await (await detail).json()) as { ret_code: number; ext_code: string }
  expect(envelope).toMatchObject({
    ret_code: OrderRetCode.NotEligible,
    ext_code: NOT_RELEASED_EXT_CODE,
  })
  const notice = page.getByTestId('product-not-released')
  await expect(notice.getByRole('heading', { name: 'Not available to you yet' })).toBeVisible()
  await expect(notice).toContainText('your account is not included yet')
  await expect(page.getByRole('button', { name: 'Subscribe' })).toHaveCount(0)
  await notice.getByRole('link', { name: 'Back to Earn' }).click()
  await expect(page).toHaveURL(/\/earn\/home$/)
})

// Issue 26, item 4 (spec §4, §5, §9): the stages the config service can answer for a scene, as
// the page applies them. The real answer of POST /v3/config/web goes through with its
// structured_products_stage replaced, as if the operator had set that stage; launchpool is
// answered Open, and only after the structured answer, so launch-mnt showing means the
// structured answer has been applied (a product hidden is then hidden for good, not yet to come).

const STRUCTURED = GrayReleaseScene.StructuredProducts
const LAUNCHPOOL = GrayReleaseScene.LaunchpoolShow
const GRANT_COOKIE = grayReleaseCookieName(new URL(E2E_BASE_URL).host, STRUCTURED)

type ConfigAnswer = { result: { data: { name: string; value: string }[] } }

/** Answers each structured request with `stage()` (read per request) and launchpool Open after it. */
async function answerStages(page: Page, stage: () => string, hold?: () => Promise<void>) {
  const structuredDone: (() => void)[] = []
  const structuredAnswered: Promise<void>[] = []
  let structuredSeen = 0
  let launchpoolSeen = 0
  const nth = (i: number) =>
    (structuredAnswered[i] ??= new Promise<void>((resolve) => (structuredDone[i] = resolve)))
  await page.route(`**${API_PREFIX}${CONFIG_WEB_PATH}`, async (route) => {
    const { keys } = route.request().postDataJSON() as { keys: string[] }
    const scene = keys.includes(stageKey(STRUCTURED)) ? STRUCTURED : LAUNCHPOOL
    const i = scene === STRUCTURED ? structuredSeen++ : launchpoolSeen++
    if (scene === LAUNCHPOOL) await nth(i)
    else await hold?.()
    const response = await route.fetch()
    const json = (await response.json()) as ConfigAnswer
    const value = scene === STRUCTURED ? stage() : String(GrayReleaseStage.Open)
    json.result.data = [
      ...json.result.data.filter((d) => d.name !== stageKey(scene)),
      { name: stageKey(scene), value },
    ]
    await route.fulfill({ response, json })
    if (scene === STRUCTURED) {
      nth(i)
      structuredDone[i]!()
    }
  })
  return { structured: () => structuredSeen }
}

// Three or four home loads, each with a login: 20 s or more on a loaded two-core machine.
test.describe.configure({ timeout: 60_000 })
// A config request still in a handler when its test ends: its errors are not the next test's.
test.afterEach(({ page }) => page.unrouteAll({ behavior: 'ignoreErrors' }))

/**
 * Home once the user is known (the header names them or offers the login) and both scenes are
 * answered: structured-eth listed or not.
 */
async function expectStructured(page: Page, listed: boolean) {
  await expect(
    page.getByTestId('account-name').or(page.getByRole('link', { name: 'Log in' }).first()),
  ).toBeVisible()
  await expect(page.locator('[data-product-id="launch-mnt"]:visible')).toHaveCount(1)
  await expect(page.locator('[data-product-id="structured-eth"]:visible')).toHaveCount(
    listed ? 1 : 0,
  )
}

test('stages Close and unknown: off, even for a whitelisted user', async ({ page }) => {
  let stage = String(GrayReleaseStage.Close)
  await answerStages(page, () => stage)
  // Close: off even for a whitelisted user.
  await loginAs(page, 'insider@earn.test')
  await page.goto('/earn/home')
  await expectStructured(page, false)
  // An unknown stage (not a number of spec §4): off, even for a whitelisted user.
  stage = 'beta'
  await page.goto('/earn/home')
  await expectStructured(page, false)
})

test('stages Open and Stage1: everyone, then ids ending in 1 or 3', async ({ page }) => {
  let stage = String(GrayReleaseStage.Open)
  await answerStages(page, () => stage)
  // Open: on for everyone, a visitor too.
  await page.goto('/earn/home')
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible()
  await expectStructured(page, true)
  // Stage1: ids ending in 1 or 3. taxform (100057) ends in 7, which Stage2 would let in.
  stage = String(GrayReleaseStage.Stage1)
  await loginAs(page, 'taxform@earn.test')
  await page.goto('/earn/home')
  await expectStructured(page, false)
  // Another login replaces this browser's session: a call of taxform's page still open would
  // be answered 10007 and send it to the login page, aborting the goto below (a CI flake).
  await page.goto('about:blank')
  await loginAs(page, 'kyc1@earn.test')
  await page.goto('/earn/home')
  await expectStructured(page, true)
})

test('a staged grant is kept 7 days in a cookie and keeps the product on when the stage narrows', async ({
  page,
  context,
}) => {
  let stage = String(GrayReleaseStage.Stage1)
  await answerStages(page, () => stage)
  await loginAs(page, 'kyc1@earn.test')
  await page.goto('/earn/home')
  await expectStructured(page, true)
  // kyc1's id, in a cookie named for the environment (…_local here), for 7 days.
  const grant = async () => (await context.cookies()).find((c) => c.name === GRANT_COOKIE)
  await expect.poll(async () => (await grant())?.value.split(',')).toContain('100011')
  const lifetime = (await grant())!.expires - Date.now() / 1000
  expect(Math.abs(lifetime - GRAY_RELEASE_COOKIE_MAX_AGE_SECONDS)).toBeLessThan(60)
  // Narrowed to the whitelist, which kyc1 is not on: the stored grant keeps it on…
  stage = String(GrayReleaseStage.Internal)
  await page.goto('/earn/home')
  await expectStructured(page, true)
  // …and without the cookie the stage alone leaves kyc1 out.
  await context.clearCookies({ name: GRANT_COOKIE })
  await page.goto('/earn/home')
  await expectStructured(page, false)
})

test('the whitelist answer is kept fresh 60 s, then asked again, and forgotten after 10 min unused', async ({
  page,
}) => {
  await page.clock.install()
  let gate: Promise<void> | undefined
  const requests = await answerStages(
    page,
    () => String(GrayReleaseStage.Open),
    () => gate ?? Promise.resolve(),
  )
  const structured = page.locator('[data-product-id="structured-eth"]:visible')
  const flexible = page.locator('[data-product-id="flex-usdt"]:visible')
  await page.goto('/earn/home')
  await expectStructured(page, true)
  expect(requests.structured()).toBe(1)
  // Away to a product and back inside the app, as a user clicks: home again.
  const awayAndBack = async (whileAway?: () => Promise<void>) => {
    await flexible.click()
    await expect(page).toHaveURL(/\/earn\/product\/flex-usdt$/)
    // Home has left the screen (its list unmounted, so the whitelist answer is unused from
    // here): under load the URL changed before it had, and a clock moved on before then did
    // not count as time unused (a CI run saw the answer kept after "10 min").
    await expect(structured).toHaveCount(0)
    await whileAway?.()
    await page.goBack()
    await expect(flexible).toBeVisible()
  }
  // Within 60 s: the answer in hand is used, nothing is asked.
  await awayAndBack()
  await expect(structured).toBeVisible()
  expect(requests.structured()).toBe(1)

  // After 60 s it is stale: shown at once, and asked again (the answer held meanwhile).
  let release = () => {}
  gate = new Promise<void>((resolve) => (release = resolve))
  await page.clock.fastForward(WHITELIST_STALE_MS + 1_000)
  await awayAndBack()
  await expect.poll(requests.structured).toBe(2)
  await expect(structured).toBeVisible()
  release()

  // Unused for 10 min it is dropped: back on home, nothing is shown until the answer comes.
  gate = new Promise<void>((resolve) => (release = resolve))
  await awayAndBack(() => page.clock.fastForward(WHITELIST_DROP_MS + 1_000))
  await expect.poll(requests.structured).toBe(3)
  await expect(flexible).toBeVisible()
  await expect(structured).toHaveCount(0)
  release()
  await expect(structured).toBeVisible()
})
