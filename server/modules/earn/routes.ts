import { inArray } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  checkAvailableRequest,
  getHomepageProductCardsRequest,
  getProductDetailRequest,
  getProductDetailsRequest,
  getProductsExtraInfoRequest,
} from '../../../contract/earn.schema'
import {
  claimYieldRequest,
  confirmOrderRequest,
  getOrderDetailRequest,
  getOrdersRequest,
  payOrderRequest,
  previewOrderRequest,
  redeemRequest,
} from '../../../contract/earn-order.schema'
import { ProductAvailability } from '../../../contract/enums'
import type { AppContext } from '../../app'
import { products } from '../../db/schema'
import { optionalUser, requireUser } from '../../http/auth'
import { envelope, readJson } from '../../http/envelope'
import { ApiError, RetCode } from '../../http/errors'
import { accountRoutes } from './account-routes'
import {
  availabilityOf,
  coinOnSaleStatusOf,
  participantsOf,
  productDetails,
  stageOf,
} from './catalogue'
import { trimDecimal, money } from './money'
import { indexPriceOf } from './order-checks'
import { confirmOrder, payOrder, previewOrder, productOrThrow } from './orders'
import { listOrders, orderDetail } from './order-views'
import { cardStatusOf, subscriptionStateOf } from './product-status'
import { claimYield, redeem } from './redemption'
import { groupByPage, listProductCards } from './service'
import { testClockRoutes } from './test-clock-routes'
import { requireConfirmation } from '../../telegram/biometry'
import { earnVouchers } from '../../db/schema'
import { and, eq } from 'drizzle-orm'
import { VoucherStatus } from '../../../contract/enums'

/** Earn calls (spec §7): all POST with a JSON body under /s1/byfi. */
export function earnRoutes(deps: AppContext): Hono {
  const { db, clock, market } = deps
  const ok = <T>(result: T) => envelope(result, clock)
  return new Hono()
    .post('/get-homepage-product-cards', async (c) => {
      const filter = await readJson(c, getHomepageProductCardsRequest)
      const cards = await listProductCards(db, filter, clock.now(), await optionalUser(c))
      return c.json(ok({ cards, groups: groupByPage(cards) }))
    })
    .post('/get-product-detail', async (c) => {
      const req = await readJson(c, getProductDetailRequest)
      const p = await productOrThrow(db, req.product_id)
      const [product] = await productDetails(db, [p], clock.now(), await optionalUser(c))
      return c.json(ok({ product }))
    })
    .post('/get-product-details', async (c) => {
      const req = await readJson(c, getProductDetailsRequest)
      const rows = await db.select().from(products).where(inArray(products.id, req.product_ids))
      const order = new Map(req.product_ids.map((id, i) => [id, i]))
      rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!)
      return c.json(
        ok({ products: await productDetails(db, rows, clock.now(), await optionalUser(c)) }),
      )
    })
    .post('/check-available', async (c) => {
      const req = await readJson(c, checkAvailableRequest)
      const user = await requireUser(c)
      if (user.complianceWalled) throw new ApiError(RetCode.ComplianceWall)
      const p = await productOrThrow(db, req.product_id)
      const now = clock.now()
      const { availability, reason } = availabilityOf(p, user)
      return c.json(
        ok({
          product_id: p.id,
          availability,
          reason: availability === ProductAvailability.Available ? '' : reason,
          card_status: cardStatusOf(p, now),
          subscription_state: subscriptionStateOf(p, now),
        }),
      )
    })
    .post('/get-products-extra-info', async (c) => {
      const req = await readJson(c, getProductsExtraInfoRequest)
      const user = await optionalUser(c)
      const now = clock.now()
      const rows = req.product_ids?.length
        ? await db.select().from(products).where(inArray(products.id, req.product_ids))
        : await db.select().from(products).orderBy(products.id)
      const participants = await participantsOf(
        db,
        rows.map((r) => r.id),
      )
      const vouchers = user
        ? await db
            .select()
            .from(earnVouchers)
            .where(
              and(eq(earnVouchers.userId, user.id), eq(earnVouchers.status, VoucherStatus.Unused)),
            )
        : []
      const items = await Promise.all(
        rows.map(async (p) => {
          const sold = money(p.totalQuota).minus(p.remainingQuota)
          const price = await indexPriceOf(market, p, now)
          return {
            product_id: p.id,
            participants: participants.get(p.id) ?? 0,
            sold_ratio: trimDecimal(
              money(p.totalQuota).isZero() ? money(0) : sold.div(p.totalQuota).toDecimalPlaces(4),
            ),
            stage: stageOf(p, now),
            coin_on_sale_status: coinOnSaleStatusOf(p, now),
            index_price: price ? price.toFixed() : null,
            voucher_count: vouchers.filter(
              (v) =>
                v.expiresAt > now &&
                (!v.coin || v.coin === p.coin) &&
                (v.productType === null || v.productType === p.productType),
            ).length,
          }
        }),
      )
      return c.json(ok({ items }))
    })
    .post('/preview-order', async (c) => {
      const req = await readJson(c, previewOrderRequest)
      return c.json(ok(await previewOrder(deps, await requireUser(c), req)))
    })
    .post('/pay-order', async (c) => {
      const req = await readJson(c, payOrderRequest)
      const user = await requireUser(c)
      await requireConfirmation(db, user.id, req.order_id, req.confirm)
      return c.json(ok(await payOrder(deps, user, req)))
    })
    .post('/confirm-order', async (c) => {
      const req = await readJson(c, confirmOrderRequest)
      return c.json(ok(await confirmOrder(deps, await requireUser(c), req.order_id)))
    })
    .post('/redeem', async (c) => {
      const req = await readJson(c, redeemRequest)
      const user = await requireUser(c)
      await requireConfirmation(db, user.id, req.order_id, req.confirm)
      return c.json(ok(await redeem(deps, user, req)))
    })
    .post('/claim-yield', async (c) => {
      const req = await readJson(c, claimYieldRequest)
      const user = await requireUser(c)
      await requireConfirmation(db, user.id, req.order_id, req.confirm)
      return c.json(ok(await claimYield(deps, user, req)))
    })
    .post('/get-orders', async (c) => {
      const req = await readJson(c, getOrdersRequest)
      const user = await requireUser(c)
      return c.json(ok(await listOrders(db, user.id, req)))
    })
    .post('/get-order-detail', async (c) => {
      const req = await readJson(c, getOrderDetailRequest)
      const user = await requireUser(c)
      return c.json(ok(await orderDetail(db, user.id, req.order_id)))
    })
    .route('/', accountRoutes(deps))
    .route('/', testClockRoutes(deps))
}
