import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import type { GetSwapQuoteRequest } from '../../../../contract/earn-liquidity.schema'
import type { EarnOrder } from '../../../../contract/earn-order.schema'
import { LiquidityOperation, OrderStatus } from '../../../../contract/enums'
import {
  confirmOrder,
  getSwapQuote,
  getUserBalance,
  getUserLiquiditySummary,
  operateLiquidity,
  payOrder,
} from '../../../lib/http/earn-calls'

/** The user's pools, positions and rewards (get-user-liquidity-summary). */
export const getLiquiditySummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['earn', 'liquidity-summary'],
    queryFn: () => getUserLiquiditySummary({}),
  })
export const useLiquiditySummary = (enabled: boolean) =>
  useQuery({ ...getLiquiditySummaryQueryOptions(), enabled })

/** A fresh quote as the amount changes, refreshed while the dialog is open; the old one stays meanwhile. */
export const useSwapQuote = (req: GetSwapQuoteRequest | null) =>
  useQuery({
    queryKey: ['earn', 'swap-quote', req],
    queryFn: () => getSwapQuote(req!),
    enabled: req !== null,
    refetchInterval: 10_000,
    placeholderData: keepPreviousData,
  })

/** FUNDING balance of the coin added from (same key as the subscribe sheet's). */
export const useFundingBalance = (coin: string) =>
  useQuery({
    queryKey: ['earn', 'user-balance', { coin, account_type: 6 }],
    queryFn: () => getUserBalance({ coin, account_type: 6 }),
    enabled: coin !== '',
  })

/** What an operation moves: the summary, balances, positions, records and orders of the user. */
export const invalidateLiquidity = (queryClient: QueryClient) =>
  Promise.all(
    [
      ['earn', 'liquidity-summary'],
      ['earn', 'user-balance'],
      ['earn', 'positions'],
      ['earn', 'wallet-records'],
      ['earn', 'orders'],
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  )

/** Idempotency key of one confirmation (contract clientOrderId). */
export const newLiquidityOrderId = () => `liq-${crypto.randomUUID()}`

export type AddLiquidity = { orderId: string; productId: string; amount: string; leverage: string }

/** Add 1 = pay-order with a leverage; confirm-order then makes the AddPending position Effective. */
export function useAddLiquidity() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (a: AddLiquidity): Promise<EarnOrder> => {
      const { order } = await payOrder({
        order_id: a.orderId,
        product_id: a.productId,
        amount: a.amount,
        leverage: a.leverage,
      })
      if (order.status !== OrderStatus.InProgress) return order
      return (await confirmOrder({ order_id: a.orderId })).order
    },
    onSettled: () => invalidateLiquidity(queryClient),
  })
}

export type OperateLiquidity = {
  orderId: string
  positionId: string
  operation:
    | typeof LiquidityOperation.Remove
    | typeof LiquidityOperation.Reinvest
    | typeof LiquidityOperation.ReduceLeverage
  leverage?: string
}

/** Remove 2, Reinvest 3, ReduceLeverage 4 (operate-liquidity). */
export function useOperateLiquidity() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (o: OperateLiquidity) =>
      operateLiquidity({
        order_id: o.orderId,
        position_id: o.positionId,
        operation: o.operation,
        ...(o.leverage ? { leverage: o.leverage } : {}),
      }),
    onSettled: () => invalidateLiquidity(queryClient),
  })
}
