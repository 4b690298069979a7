// The client data layer: one query-options factory per server-owned datum, each asking its
// earn call with the body its key names, and invalidations that reach every variant.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { earnCallPath } from '../../../contract/paths'
import { newActionId } from '../../../src/lib/earn-data/action-id'
import { assetsSummaryQueryOptions } from '../../../src/lib/earn-data/assets-summary'
import { autoSavingsQueryOptions } from '../../../src/lib/earn-data/auto-savings'
import {
  fundingBalanceQueryOptions,
  userBalancesQueryOptions,
} from '../../../src/lib/earn-data/balances'
import { coinsQueryOptions, useCoinDigits } from '../../../src/lib/earn-data/coins'
import {
  HOLDINGS_QUERY_KEYS,
  invalidateHoldings,
  invalidateLiquidity,
} from '../../../src/lib/earn-data/holdings'
import { liquiditySummaryQueryOptions } from '../../../src/lib/earn-data/liquidity-summary'
import { orderDetailQueryOptions, ordersQueryOptions } from '../../../src/lib/earn-data/orders'
import { confirmOrder, payOrder } from '../../../src/lib/earn-data/place-order'
import {
  positionHistoryQueryOptions,
  usePositionHistory,
} from '../../../src/lib/earn-data/position-history'
import { positionsQueryOptions } from '../../../src/lib/earn-data/positions'
import {
  productCardsQueryOptions,
  productPageQueryOptions,
} from '../../../src/lib/earn-data/product-cards'
import { productDetailQueryOptions } from '../../../src/lib/earn-data/product-detail'
import { productDetailsQueryOptions } from '../../../src/lib/earn-data/product-details'
import { userPnlQueryOptions } from '../../../src/lib/earn-data/user-pnl'
import { walletRecordsQueryOptions } from '../../../src/lib/earn-data/wallet-records'
import { apiOrigin } from '../../../src/lib/http/api-origin'
import { envelopeJson, startHttpFixture } from '../../support/http-fixture'

let fixture: Awaited<ReturnType<typeof startHttpFixture>>
beforeAll(async () => {
  fixture = await startHttpFixture((req) =>
    req.url === '/x-api/get-coins'
      ? { body: envelopeJson(0, [[1, 'BTC', 6, 8, '', '']]) }
      : { body: envelopeJson(0, { echo: req.url, next_cursor: null }) },
  )
  apiOrigin.origin = fixture.url
})
afterAll(() => fixture.close())
beforeEach(() => {
  fixture.requests.length = 0
  localStorage.clear()
})

const sent = () => fixture.requests.map((r) => [r.url, JSON.parse(r.body || 'null')])

describe('one query factory per server datum', () => {
  it('each asks its own earn call with the body its key carries', async () => {
    const client = new QueryClient()
    const reads = [
      [productCardsQueryOptions({ coin: 'USDT' }), 'get-homepage-product-cards', { coin: 'USDT' }],
      [productPageQueryOptions('savings'), 'get-homepage-product-cards', { page_key: 'savings' }],
      [productPageQueryOptions('home'), 'get-homepage-product-cards', {}],
      [productDetailQueryOptions('p1'), 'get-product-detail', { product_id: 'p1' }],
      [productDetailsQueryOptions(['p1']), 'get-product-details', { product_ids: ['p1'] }],
      [userBalancesQueryOptions(), 'get-user-balance', {}],
      [fundingBalanceQueryOptions('BTC'), 'get-user-balance', { coin: 'BTC', account_type: 6 }],
      [positionsQueryOptions({ coin: 'BTC' }), 'get-positions', { coin: 'BTC' }],
      [assetsSummaryQueryOptions(), 'get-assets-summary-v2', {}],
      [userPnlQueryOptions({ days: 7 }), 'get-user-pnl', { days: 7 }],
      [autoSavingsQueryOptions(), 'get-auto-savings-open-status', {}],
      [liquiditySummaryQueryOptions(), 'get-user-liquidity-summary', {}],
      [orderDetailQueryOptions('o1'), 'get-order-detail', { order_id: 'o1' }],
    ] as const
    for (const [options, call, body] of reads) {
      await expect(client.fetchQuery(options as never)).resolves.toMatchObject({
        echo: earnCallPath(call),
      })
      expect(sent().at(-1)).toEqual([earnCallPath(call), body])
    }
    const keys = reads.map(([o]) => JSON.stringify(o.queryKey))
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('the paged lists ask page by page with their page size', async () => {
    const client = new QueryClient()
    await client.fetchInfiniteQuery(ordersQueryOptions({ status: 'success' }))
    await client.fetchInfiniteQuery(walletRecordsQueryOptions({ coin: 'BTC' }))
    await client.fetchInfiniteQuery(positionHistoryQueryOptions({ product_types: [2] }))
    expect(sent()).toEqual([
      [earnCallPath('get-orders'), { status: 'success', limit: 20 }],
      [earnCallPath('get-user-wallet-records'), { coin: 'BTC', limit: 100 }],
      [earnCallPath('get-position-history'), { product_types: [2], limit: 20 }],
    ])
  })

  it('closed positions: the hook reads page by page until next_cursor is null', async () => {
    const client = new QueryClient()
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children)
    const { result } = renderHook(() => usePositionHistory({ product_types: [2] }), { wrapper })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.hasNextPage).toBe(false)
    expect(sent().at(-1)).toEqual([
      earnCallPath('get-position-history'),
      { product_types: [2], limit: 20 },
    ])
  })

  it('placing an order is one client: pay-order then confirm-order', async () => {
    await payOrder({ order_id: newActionId('sub'), product_id: 'p1', amount: '1' })
    await confirmOrder({ order_id: 'sub-00000000' })
    expect(sent().map(([url]) => url)).toEqual([
      earnCallPath('pay-order'),
      earnCallPath('confirm-order'),
    ])
    expect(newActionId('liq')).toMatch(/^liq-[0-9a-f-]{36}$/)
  })

  it('coins: one key, and digits fall back to 8 until the list arrives', async () => {
    const client = new QueryClient()
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children)
    const { result } = renderHook(() => useCoinDigits(), { wrapper })
    expect(result.current('ETH')).toEqual({ name: 'ETH', assetDigits: 8 })
    await waitFor(() => expect(result.current('BTC').assetDigits).toBe(6))
    expect(coinsQueryOptions().queryKey).toEqual(['coins'])
  })
})

describe('invalidations', () => {
  const seeded = () => {
    const client = new QueryClient()
    const keys = [
      positionsQueryOptions({ coin: 'BTC' }).queryKey,
      positionHistoryQueryOptions({ product_types: [2] }).queryKey,
      fundingBalanceQueryOptions('BTC').queryKey,
      ordersQueryOptions({ status: 'success' }).queryKey,
      orderDetailQueryOptions('o1').queryKey,
      liquiditySummaryQueryOptions().queryKey,
      productPageQueryOptions('home').queryKey,
    ]
    for (const key of keys) client.setQueryData(key as readonly unknown[], {})
    const stale = () => keys.filter((k) => client.getQueryState(k)?.isInvalidated).map((k) => k[1])
    return { client, stale }
  }

  it('holdings: every filtered variant of positions, balances and orders; not the catalogue', async () => {
    const { client, stale } = seeded()
    await invalidateHoldings(client)
    expect(stale()).toEqual(['positions', 'positions', 'user-balance', 'orders', 'orders'])
    expect(HOLDINGS_QUERY_KEYS()).toHaveLength(6)
  })

  it('liquidity: the holdings and the pools summary', async () => {
    const { client, stale } = seeded()
    await invalidateLiquidity(client)
    expect(stale()).toEqual([
      'positions',
      'positions',
      'user-balance',
      'orders',
      'orders',
      'liquidity-summary',
    ])
  })
})
