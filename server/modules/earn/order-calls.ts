import type { AppContext } from '../../deps'
import { requireUser } from '../../http/auth'
import { earnCall } from '../../http/earn-call'
import { confirmOrder, payOrder, previewOrder } from './orders'
import { listOrders, orderDetail } from './order-views'
import { claimYield, redeem } from './redemption'

/** Orders, redemption and claims (spec §7 plus our redeem, get-orders, get-order-detail). */
export const orderCalls = (deps: AppContext) => [
  earnCall('preview-order', async (req, c) => previewOrder(deps, await requireUser(c), req)),
  earnCall('pay-order', async (req, c) => payOrder(deps, await requireUser(c), req)),
  earnCall('confirm-order', async (req, c) =>
    confirmOrder(deps, await requireUser(c), req.order_id),
  ),
  earnCall('redeem', async (req, c) => redeem(deps, await requireUser(c), req)),
  earnCall('claim-yield', async (req, c) => claimYield(deps, await requireUser(c), req)),
  earnCall('get-orders', async (req, c) => listOrders(deps.db, (await requireUser(c)).id, req)),
  earnCall('get-order-detail', async (req, c) =>
    orderDetail(deps.db, (await requireUser(c)).id, req.order_id),
  ),
]
