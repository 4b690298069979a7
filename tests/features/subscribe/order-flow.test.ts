import { describe, expect, it, vi } from 'vitest'
import type { EarnOrder } from '../../../contract/earn-order.schema'
import { ProductAvailability } from '../../../contract/enums'
import { RequestError } from '../../../src/lib/http/request-error'
import { createOrderFlow } from '../../../src/features/subscribe/model/order-flow'
import { orderOutcome, TAXATION_CODE } from '../../../src/features/subscribe/model/order-outcome'

const order = (status: EarnOrder['status'], fail_code = 0): EarnOrder => ({
  order_id: 'x',
  product_id: 'flex-usdt',
  product_type: 4,
  coin: 'USDT',
  amount: '25',
  status,
  fail_code,
  position_id: status === 'success' ? 'p1' : null,
  created_at: 1,
  updated_at: 1,
})

function deps(pay: (body: { order_id: string }) => Promise<{ order: EarnOrder }>) {
  return {
    previewOrder: vi.fn(),
    checkAvailable: vi.fn(async () => ({
      product_id: 'flex-usdt',
      availability: ProductAvailability.Available,
      reason: '',
      card_status: 1 as const,
      subscription_state: 1 as const,
    })),
    payOrder: vi.fn(pay),
    confirmOrder: vi.fn(async () => ({ order: order('success') })),
  } as unknown as NonNullable<Parameters<typeof createOrderFlow>[0]>
}
const payload = { product_id: 'flex-usdt', amount: '25' }
const noSleep = async () => {}

describe('order flow', () => {
  it('retries after a timeout with the same order id, so the server can never pay twice', async () => {
    const ids: string[] = []
    let calls = 0
    const d = deps(async (body) => {
      ids.push(body.order_id)
      if (calls++ === 0) throw new Error('timeout')
      return { order: order('success') }
    })
    const flow = createOrderFlow(d)
    expect(await flow.submit(payload, noSleep)).toBe(false)
    expect(flow.state.outcome?.action).toBe('retry')
    expect(await flow.submit(payload, noSleep)).toBe(true)
    expect(ids).toHaveLength(2)
    expect(ids[0]).toBe(ids[1])
  })

  it('a new attempt after a definite answer or a changed amount gets a new order id', async () => {
    const ids: string[] = []
    const d = deps(async (body) => {
      ids.push(body.order_id)
      throw new RequestError('insufficient', 303, 'u')
    })
    const flow = createOrderFlow(d)
    await flow.submit(payload, noSleep)
    expect(flow.state.outcome).toMatchObject({ code: 303, action: 'deposit' })
    await flow.submit(payload, noSleep)
    await flow.submit({ ...payload, amount: '26' }, noSleep)
    expect(new Set(ids).size).toBe(3)
  })

  it('polls confirm-order while the order is in progress, then shows success', async () => {
    const d = deps(async () => ({ order: order('inprogress') }))
    const flow = createOrderFlow(d)
    expect(await flow.submit(payload, noSleep)).toBe(true)
    expect(d.confirmOrder).toHaveBeenCalledTimes(1)
    expect(flow.state.phase).toBe('success')
  })

  it('a failed order shows its code; check-available refusing stops before paying', async () => {
    const failed = createOrderFlow(deps(async () => ({ order: order('failed', 302) })))
    await failed.submit(payload, noSleep)
    expect(failed.state.outcome).toMatchObject({ code: 302, messageKey: 'errors.order.soldOut' })

    const d = deps(async () => ({ order: order('success') }))
    ;(d.checkAvailable as ReturnType<typeof vi.fn>).mockResolvedValueOnce({
      availability: ProductAvailability.TagBlocked,
    })
    const blocked = createOrderFlow(d)
    expect(await blocked.submit(payload, noSleep)).toBe(false)
    expect(blocked.state.blockedBy).toBe(ProductAvailability.TagBlocked)
    expect(d.payOrder).not.toHaveBeenCalled()
  })
})

describe('order outcomes', () => {
  it.each([
    [302, 'browse'],
    [303, 'deposit'],
    [304, 'deposit'],
    [320, 'lowerAmount'],
    [600, 'tryLater'],
    [336, 'tryLater'],
    [315, 'tryLater'],
    [340, 'review'],
    [325, 'tryLater'],
    [344, 'review'],
    [602, 'tryLater'],
    [TAXATION_CODE, 'taxation'],
  ])('code %i → %s', (code, action) => {
    const outcome = orderOutcome(code)
    expect(outcome.action).toBe(action)
    expect(outcome.messageKey).not.toBe('errors.generic')
  })
  it.each([
    ['kyc_required', 'kyc', 'subscribe.errors.kycRequired'],
    ['voucher', 'review', 'subscribe.errors.voucher'],
    ['ended', 'browse', 'subscribe.errors.ended'],
    ['', 'none', 'errors.order.notEligible'],
    ['something_new', 'none', 'errors.order.notEligible'],
  ])('334 with ext_code %j → %s', (ext, action, messageKey) => {
    expect(orderOutcome(334, ext)).toEqual({ code: 334, action, messageKey })
  })
  it('601 (out of our catalogue, docs/decisions.md) from an upstream: the generic message, try later', () => {
    expect(orderOutcome(601)).toEqual({
      code: 601,
      messageKey: 'errors.generic',
      action: 'tryLater',
    })
  })
})
