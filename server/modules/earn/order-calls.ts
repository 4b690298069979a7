import type { AppContext } from '../../deps'
import { assertSessionPresented, requireUser, type CurrentUser } from '../../http/auth'
import { earnCall } from '../../http/earn-call'
import { requireConfirmation } from '../../telegram/biometry'
import { vaultOf } from '../../telegram/biometry-vault'
import { confirmOrder, payOrder, previewOrder } from './orders'
import { listOrders, orderDetail } from './order-views'
import { claimYield, redeem } from './redemption'
import { acknowledgeRisk, listAcknowledgements } from './risk-acknowledgement'

/** Orders, redemption and claims (spec §7 plus our redeem, get-orders, get-order-detail). */
export function orderCalls(deps: AppContext) {
  const bio = { db: deps.db, vault: vaultOf(deps.config) }
  const confirmed = (
    call: string,
    user: CurrentUser,
    req: { challenge?: string; confirm?: string },
  ) => requireConfirmation(bio, user, call, req, deps.clock.now())
  return [
    earnCall('preview-order', async (req, c) => previewOrder(deps, await requireUser(c), req)),
    // The whole call waits its turn, the session's read included: in a launch rush that read
    // is what thousands of buyers would otherwise queue for at once (issue 28).
    // A caller with no session is answered 10007 before the gate: in a rush, a flood of
    // anonymous pay-orders would otherwise take the turns of buyers who can pay.
    earnCall('pay-order', async (req, c) => {
      assertSessionPresented(c)
      return deps.orderGate.run(async () => {
        const user = await requireUser(c)
        await confirmed('pay-order', user, req)
        return payOrder(deps, user, req)
      })
    }),
    earnCall('confirm-order', async (req, c) =>
      confirmOrder(deps, await requireUser(c), req.order_id),
    ),
    earnCall('redeem', async (req, c) => {
      const user = await requireUser(c)
      await confirmed('redeem', user, req)
      return redeem(deps, user, req)
    }),
    earnCall('claim-yield', async (req, c) => {
      const user = await requireUser(c)
      await confirmed('claim-yield', user, req)
      return claimYield(deps, user, req)
    }),
    earnCall('get-risk-acknowledgements', async (_req, c) =>
      listAcknowledgements(deps.db, await requireUser(c)),
    ),
    earnCall('acknowledge-risk', async (req, c) =>
      acknowledgeRisk(deps, await requireUser(c), req.product_type),
    ),
    earnCall('get-orders', async (req, c) => listOrders(deps.db, (await requireUser(c)).id, req)),
    earnCall('get-order-detail', async (req, c) =>
      orderDetail(deps.db, (await requireUser(c)).id, req.order_id),
    ),
  ]
}
