import { and, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppContext } from '../../deps'
import { ManualClock } from '../../clock'
import { envelope, readJson } from '../../http/envelope'
import { optionalUser, requireUser } from '../../http/auth'
import { ApiError, RetCode } from '../../http/errors'
import { runEarnJobs } from '../../jobs/earn-jobs'
import { earnPositions, exportJobs, products, users } from '../../db/schema'
import { UserStatus } from '../../../contract/identity.schema'
import { PositionStatus } from '../../../contract/enums'
import { ExportStatus } from '../../../contract/export-constants'
import { ownJob } from '../export/service'
import { EARN_SETTING_DEFAULTS, writeSetting, type EarnSettingName } from './settings'
import { OrderRetCode, orderError } from './order-errors'

const advanceClockRequest = z
  .object({
    seconds: z
      .number()
      .int()
      .min(0)
      .max(400 * 86_400),
  })
  .strict()

const seedWalletRecordsRequest = z
  .object({
    count: z.number().int().min(1).max(20_000),
    coin: z.string().regex(/^[A-Z0-9]{2,10}$/),
  })
  .strict()

const seedClosedPositionsRequest = z
  .object({
    count: z.number().int().min(1).max(5_000),
    product_id: z.string().min(1).max(64),
  })
  .strict()

const productQuotaRequest = z
  .object({
    product_id: z.string().min(1).max(64),
    remaining_quota: z
      .string()
      .max(21)
      .regex(/^\d{1,12}(\.\d{1,8})?$/)
      .optional(),
    /** The operator takes the product offline (true) or back on sale (false). */
    offline: z.boolean().optional(),
  })
  .strict()
  .refine((r) => r.remaining_quota !== undefined || r.offline !== undefined, {
    message: 'remaining_quota or offline',
  })

const pinPriceRequest = z
  .object({
    coin: z.string().regex(/^[A-Z0-9]{2,10}$/),
    /** Unix seconds: the one second the price holds at. */
    at: z.number().int().min(0),
    price: z.string().regex(/^\d{1,12}(\.\d{1,10})?$/),
  })
  .strict()

const earnSettingRequest = z
  .object({
    name: z.enum(Object.keys(EARN_SETTING_DEFAULTS) as [EarnSettingName, ...EarnSettingName[]]),
    /** null: back to the default (the row is dropped). */
    value: z.string().min(1).max(16).nullable(),
    /** true: for the signed-in caller only (e2e's per-user maintenance, rate and pending limits). */
    for_me: z.boolean().optional(),
  })
  .strict()
const accountStatusRequest = z
  .object({ status: z.union([z.literal(UserStatus.Active), z.literal(UserStatus.Frozen)]) })
  .strict()
const kycLevelRequest = z
  .object({ kyc_level: z.union([z.literal(0), z.literal(1), z.literal(2)]) })
  .strict()
const exportStateRequest = z
  .object({
    record_id: z.string().min(1).max(20),
    status: z.union([z.literal(ExportStatus.Processing), z.literal(ExportStatus.Failed)]),
  })
  .strict()
/** A held job's heartbeat: far ahead, so no worker takes it over as stale. */
const HELD_UNTIL = new Date('2100-01-01T00:00:00Z')
const priceGapRequest = z.object({ position_id: z.string().min(1).max(64) }).strict()

/** Record kinds the seeded rows cycle through (display only). */
const SEEDED_KINDS = ['Stake', 'Yield', 'Claim', 'Redeem']

/**
 * TEST_MODE only: moves the server's manual clock forward and runs the earn jobs once, so
 * e2e tests see yield accrue and terms mature without waiting. Absent (404) otherwise.
 */
export function testClockRoutes(deps: AppContext): Hono {
  const { config, clock, db, market } = deps
  const testOnly = (path: string): ManualClock => {
    if (!config.TEST_MODE || !(clock instanceof ManualClock)) {
      throw new ApiError(RetCode.NotFound, `no such path or method: POST ${path}`, 404)
    }
    return clock
  }
  return (
    new Hono()
      // A test route may change products (a quota, the offline switch, the jobs of a moved
      // clock): this server's cards cache drops what it holds before the answer, so the test's
      // next call sees the change. Other servers hear it by NOTIFY, within milliseconds, as
      // they hear an operator's change (product-cards-cache.ts).
      .use('/test/*', async (_c, next) => {
        await next()
        deps.cardsCache.invalidate()
      })
      /**
       * TEST_MODE only: an operator switch (earn_settings), e.g. the order rate limit; with
       * for_me, for the signed-in caller only.
       */
      .post('/test/earn-setting', async (c) => {
        testOnly('/test/earn-setting')
        const req = await readJson(c, earnSettingRequest)
        const userId = req.for_me ? (await requireUser(c)).id : undefined
        await writeSetting(db, req.name, req.value, userId)
        return c.json(envelope(req, clock))
      })
      /** TEST_MODE only: freezes (or thaws) the caller's own account, as an operator would. */
      .post('/test/account-status', async (c) => {
        testOnly('/test/account-status')
        const req = await readJson(c, accountStatusRequest)
        const user = await optionalUser(c)
        if (!user) throw new ApiError(RetCode.LoginExpired)
        await db.update(users).set({ status: req.status }).where(eq(users.id, user.id))
        return c.json(envelope(req, clock))
      })
      /**
       * TEST_MODE only: the caller's own KYC level, as if a verification lapsed or an operator
       * lowered it: after a Preview at the product's level, e2e sees Confirm's check-available
       * answer KycLimited (the access notice) and no pay-order sent.
       */
      .post('/test/kyc-level', async (c) => {
        testOnly('/test/kyc-level')
        const req = await readJson(c, kycLevelRequest)
        const user = await requireUser(c)
        await db.update(users).set({ kycLevel: req.kyc_level }).where(eq(users.id, user.id))
        return c.json(envelope(req, clock))
      })
      /**
       * TEST_MODE only: one of the caller's export requests held in Processing (by no worker:
       * it stays unfinished, so a second request of its range is 327 and the list offers Cancel)
       * or Failed (the list offers Retry), whatever the worker had done with it.
       */
      .post('/test/export-state', async (c) => {
        testOnly('/test/export-state')
        const req = await readJson(c, exportStateRequest)
        const user = await requireUser(c)
        const job = await ownJob(db, user.id, req.record_id)
        const held = req.status === ExportStatus.Processing
        await db
          .update(exportJobs)
          .set({
            status: req.status,
            claimedBy: held ? 'test-hold' : null,
            heartbeatAt: held ? HELD_UNTIL : null,
            finishedAt: held ? null : clock.now(),
            failureReason: held ? null : 'test: failed on request',
          })
          .where(eq(exportJobs.id, job.id))
        return c.json(envelope(req, clock))
      })
      /**
       * TEST_MODE only: a product's remaining quota, or its offline switch, as an operator sets
       * them, so e2e can sell a product out from another user without buying millions (issue 28)
       * or take it offline between Preview and Confirm (325, issue 26).
       */
      .post('/test/product-quota', async (c) => {
        testOnly('/test/product-quota')
        const req = await readJson(c, productQuotaRequest)
        const updated = await db
          .update(products)
          .set({
            ...(req.remaining_quota !== undefined ? { remainingQuota: req.remaining_quota } : {}),
            ...(req.offline !== undefined ? { offline: req.offline ? 1 : 0 } : {}),
          })
          .where(eq(products.id, req.product_id))
          .returning({ id: products.id })
        if (!updated.length)
          throw new ApiError(RetCode.InvalidRequest, 'product_id: no such product')
        return c.json(envelope(req, clock))
      })
      .post('/test/advance-clock', async (c) => {
        const manual = testOnly('/test/advance-clock')
        const req = await readJson(c, advanceClockRequest)
        manual.advance(req.seconds * 1000)
        const jobs = await runEarnJobs({
          ...deps,
          yieldAlertUsd: deps.config.NOTIFY_YIELD_THRESHOLD_USD,
        })
        return c.json(envelope({ now: Math.floor(clock.now().getTime() / 1000), jobs }, clock))
      })
      /**
       * TEST_MODE only: the market's USD price of `coin` at the second `at` (a dual-asset
       * position's settlement second), so e2e settles it on a chosen side of the target.
       */
      .post('/test/pin-price', async (c) => {
        testOnly('/test/pin-price')
        const req = await readJson(c, pinPriceRequest)
        market.pinPrice(req.coin, req.at, req.price)
        return c.json(envelope({ pinned: req }, clock))
      })
      /**
       * TEST_MODE only: a price-feed gap at the settlement instant of one of the caller's dual
       * positions, so its settlement fails and refunds (dual stage Failed 4) whoever runs the
       * jobs next. Answers the position's status: already settled means the gap came too late.
       */
      .post('/test/price-gap', async (c) => {
        testOnly('/test/price-gap')
        const req = await readJson(c, priceGapRequest)
        const user = await requireUser(c)
        const [pos] = await db
          .select()
          .from(earnPositions)
          .where(and(eq(earnPositions.id, req.position_id), eq(earnPositions.userId, user.id)))
        if (!pos?.dual || !pos.maturityAt)
          throw orderError(OrderRetCode.OrderNotFound, 'no dual position with this id')
        deps.market.addPriceGap(pos.dual.baseCoin, pos.maturityAt)
        return c.json(envelope({ status: pos.status }, clock))
      })
      /**
       * TEST_MODE only: `count` wallet-record rows of `coin` for the signed-in user, one a
       * minute back from now, in one INSERT … SELECT generate_series (like bench:export).
       * Postings without ledger entries: they show in wallet records and move no balance.
       * For the 10,000-row scrolling test (e2e/my-earn-wallet-records-perf.spec.ts).
       */
      .post('/test/seed-wallet-records', async (c) => {
        testOnly('/test/seed-wallet-records')
        const req = await readJson(c, seedWalletRecordsRequest)
        const user = await requireUser(c)
        const now = clock.now()
        const kinds = `{${SEEDED_KINDS.join(',')}}`
        await db.execute(sql`
          insert into ledger_postings (user_id, kind, coin, amount, product_id, product_type, created_at)
          select ${user.id}, (${kinds}::text[])[1 + i % ${SEEDED_KINDS.length}], ${req.coin},
                 ((i % 9973) + 1)::numeric / 100, null, null,
                 ${now.toISOString()}::timestamptz - make_interval(mins => i)
            from generate_series(1, ${req.count}) as i`)
        return c.json(envelope({ seeded: req.count }, clock))
      })
      /**
       * TEST_MODE only: `count` redeemed positions of a product for the signed-in user, closed
       * a minute apart back from now, three at each minute (ties the cursor must order by id),
       * in one INSERT … SELECT generate_series. No ledger rows: they move no balance.
       */
      .post('/test/seed-closed-positions', async (c) => {
        testOnly('/test/seed-closed-positions')
        const req = await readJson(c, seedClosedPositionsRequest)
        const user = await requireUser(c)
        const [product] = await db.select().from(products).where(eq(products.id, req.product_id))
        if (!product) throw new ApiError(RetCode.InvalidRequest, 'product_id: no such product')
        const now = clock.now().toISOString()
        await db.execute(sql`
          insert into earn_positions (id, user_id, product_id, product_type, coin, principal,
                                      status, started_at, accrued_until, closed_at)
          select 'pos_' || substr(md5(random()::text || i::text), 1, 24), ${user.id},
                 ${product.id}, ${product.productType}, ${product.coin}, 1,
                 ${PositionStatus.Redeemed}, ${now}::timestamptz - make_interval(days => 30),
                 ${now}::timestamptz - make_interval(days => 30),
                 ${now}::timestamptz - make_interval(mins => i / 3)
            from generate_series(1, ${req.count}) as i`)
        return c.json(envelope({ seeded: req.count }, clock))
      })
  )
}
