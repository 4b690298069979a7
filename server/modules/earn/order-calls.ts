import type { AppContext } from '../../deps'
import { assertSessionPresented, requireUser, type CurrentUser } from '../../http/auth'
import { earnCall } from '../../http/earn-call'
import { nodeRequestOf } from '../../http/node-request'
import { requireConfirmation } from '../../telegram/biometry'
import { vaultOf } from '../../telegram/biometry-vault'
import { confirmOrder } from './order-confirmation'
import { payOrder, previewOrder } from './orders'
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
    // The call waits its turn at the gate (issue 28). Its session is read before: reads that
    // arrive together share one statement (userOfSession), so a rush's thousand buyers cost a
    // few, and a caller without a live session is answered 10007 without taking a turn from
    // buyers who can pay (a token no session could have, without a read). The user is as of
    // the arrival, at most PAY_ORDER_MAX_WAIT_MS before the turn.
    earnCall(
      'pay-order',
      async (req, c) => {
        const user = await requireUser(c)
        return deps.orderGate.run(async () => {
          await confirmed('pay-order', user, req)
          return payOrder(deps, user, req)
        })
      },
      {
        // The order began when the gate let it (a few a turn of the event loop: startServer's
        // listener); a token no session could have is answered 10007 before any read.
        before: async (c) => {
          deps.orderGate.assertAdmitted(nodeRequestOf(c))
          assertSessionPresented(c)
        },
      },
    ),
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
