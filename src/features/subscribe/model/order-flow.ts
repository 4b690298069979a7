import { proxy } from 'valtio'
import { ProductAvailability, OrderStatus } from '../../../../contract/enums'
import type {
  EarnOrder,
  PayOrderRequest,
  PreviewOrderResponse,
} from '../../../../contract/earn-order.schema'
import type { ProductAvailability as Availability } from '../../../../contract/enums'
import { askCountry, COUNTRY_REQUIRED_CODE } from '../../../lib/http/country-required'
import { extCodeOf, RequestError } from '../../../lib/http/request-error'
import { checkAvailable } from '../api/check-available'
import { newActionId } from '../../../lib/earn-data/action-id'
import { confirmOrder, payOrder } from '../../../lib/earn-data/place-order'
import { previewOrder } from '../api/preview-order'
import { orderOutcome, UNKNOWN_OUTCOME_CODE, type OrderOutcome } from './order-outcome'

export type OrderPhase =
  'edit' | 'previewing' | 'review' | 'submitting' | 'pending' | 'success' | 'failed'

export type OrderPayload = Omit<PayOrderRequest, 'order_id' | 'quote_price'>

export type OrderFlowState = {
  phase: OrderPhase
  preview: PreviewOrderResponse | null
  order: EarnOrder | null
  outcome: OrderOutcome | null
  /** Set when check-available refused: the access state to explain. */
  blockedBy: Availability | null
  /** The attempt in flight or unresolved: same payload → same order id. */
  attempt: { orderId: string; payloadKey: string } | null
}

const CONFIRM_POLLS = 10
const CONFIRM_INTERVAL_MS = 1000

const codeOf = (err: unknown) =>
  err instanceof RequestError && err.code > 0 ? err.code : UNKNOWN_OUTCOME_CODE

/** No country of residence yet (a Telegram account): asked once; true when the flow goes on. */
const countryDeclared = async (err: unknown) =>
  codeOf(err) === COUNTRY_REQUIRED_CODE && (await askCountry())

/**
 * preview-order → check-available → pay-order → confirm-order (spec §7). One client order id
 * per attempt: it is kept while the outcome is unknown, so a retry after a timeout can never
 * pay twice, and dropped once the server has answered for good.
 */
export function createOrderFlow(deps = { previewOrder, checkAvailable, payOrder, confirmOrder }) {
  const state = proxy<OrderFlowState>({
    phase: 'edit',
    preview: null,
    order: null,
    outcome: null,
    blockedBy: null,
    attempt: null,
  })

  const fail = (code: number, extCode = '') => {
    state.outcome = orderOutcome(code, extCode)
    state.phase = 'failed'
    if (code !== UNKNOWN_OUTCOME_CODE) state.attempt = null
  }

  async function preview(payload: OrderPayload) {
    state.phase = 'previewing'
    state.outcome = null
    state.blockedBy = null
    try {
      state.preview = await deps.previewOrder(payload)
      state.phase = 'review'
    } catch (err) {
      if (await countryDeclared(err)) return preview(payload)
      fail(codeOf(err), extCodeOf(err))
    }
  }

  async function settle(order: EarnOrder, sleep: (ms: number) => Promise<void>) {
    let current = order
    for (let i = 0; current.status === OrderStatus.InProgress && i < CONFIRM_POLLS; i++) {
      state.phase = 'pending'
      state.order = current
      await sleep(CONFIRM_INTERVAL_MS)
      current = (await deps.confirmOrder({ order_id: current.order_id })).order
    }
    state.order = current
    if (current.status === OrderStatus.Success) {
      state.phase = 'success'
      state.attempt = null
    } else if (current.status === OrderStatus.Failed) fail(current.fail_code)
    else state.phase = 'pending'
  }

  async function submit(
    payload: OrderPayload,
    sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
  ): Promise<boolean> {
    const payloadKey = JSON.stringify(payload)
    if (state.attempt?.payloadKey !== payloadKey)
      state.attempt = { orderId: newActionId('sub'), payloadKey }
    const orderId = state.attempt.orderId
    state.phase = 'submitting'
    state.outcome = null
    try {
      const access = await deps.checkAvailable({ product_id: payload.product_id })
      if (access.availability !== ProductAvailability.Available) {
        state.blockedBy = access.availability
        state.phase = 'failed'
        state.attempt = null
        return false
      }
      const quote = state.preview?.quote
      const { order } = await deps.payOrder({
        ...payload,
        order_id: orderId,
        ...(quote ? { quote_price: quote.price } : {}),
      })
      await settle(order, sleep)
    } catch (err) {
      if (await countryDeclared(err)) return submit(payload, sleep)
      fail(codeOf(err), extCodeOf(err))
    }
    return (state.phase as OrderPhase) === 'success'
  }

  /** Back to editing: the amount may change, so the next submit may be a new attempt. */
  function edit() {
    state.phase = 'edit'
    state.outcome = null
    state.blockedBy = null
  }

  return { state, preview, submit, edit }
}
export type OrderFlow = ReturnType<typeof createOrderFlow>
