import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { PAGE_KEYS } from '../../../contract/enums'
import type { InitialData } from '../../../contract/initial-data'
import type { CoinTuple } from '../../../contract/market.schema'
import { coinFromTuple } from '../../../src/lib/coins/coin'
import { coinsQueryOptions } from '../../../src/lib/earn-data/coins'
import { productCardsFilterOf } from '../../../server/modules/client-shell/initial-data'
import { renderShell } from '../../../server/modules/client-shell/shell-html'
import { hydrateInitialProductCards } from '../../../src/features/earn-products/api/initial-product-cards'
import { productDetailRequest } from '../../../contract/product-pages'
import { productPageQueryOptions } from '../../../src/lib/earn-data/product-cards'
import { productDetailQueryOptions } from '../../../src/lib/earn-data/product-detail'
import { QUERY_DEFAULTS, createQueryClient } from '../../../src/lib/query/query-client'

const SERVER_AT = Date.UTC(2026, 0, 5, 12)
const cards = { cards: [{ product_id: 'flex-usdt', apr: '0.05' }] }
const shellWith = (initialData?: InitialData) =>
  new DOMParser().parseFromString(
    renderShell('<html><head><title>Earn</title></head><body></body></html>', {
      modulePreloads: [],
      stylesheets: [],
      telegramChunks: { start: [], later: [] },
      initialData,
    }),
    'text/html',
  )
const homeData = (body: object = {}): InitialData => ({
  at: SERVER_AT,
  calls: [{ call: 'get-homepage-product-cards', body, result: cards }],
})

describe('inlined first data', () => {
  it('is keyed for every page exactly as that page queries', () => {
    for (const pageKey of PAGE_KEYS) {
      expect(productPageQueryOptions(pageKey).queryKey).toEqual([
        'earn',
        'homepage-product-cards',
        productCardsFilterOf(pageKey),
      ])
    }
  })

  it("seeds the page's query, dated when the server read it, and goes stale by the defaults", () => {
    const queryClient = createQueryClient()
    const doc = shellWith(homeData())
    expect(hydrateInitialProductCards(queryClient, doc, SERVER_AT + 1000)).toBe(1)
    const query = queryClient
      .getQueryCache()
      .find({ queryKey: productPageQueryOptions('home').queryKey })!
    expect(query.state.data).toEqual(cards)
    expect(query.state.dataUpdatedAt).toBe(SERVER_AT)
    // The tag is consumed once, so a remount cannot re-seed old data.
    expect(doc.getElementById('earn-initial-data')).toBeNull()
    expect(hydrateInitialProductCards(queryClient, doc)).toBe(0)
    expect(QUERY_DEFAULTS.focusRefreshMs).toBeGreaterThan(0)
  })

  it('never dates data later than the client clock', () => {
    const queryClient = new QueryClient()
    hydrateInitialProductCards(queryClient, shellWith(homeData()), SERVER_AT - 60_000)
    const state = queryClient.getQueryState(productPageQueryOptions('home').queryKey)
    expect(state?.dataUpdatedAt).toBe(SERVER_AT - 60_000)
  })

  it("seeds a product page's detail under the key its page queries", () => {
    const queryClient = createQueryClient()
    const detail = { product: { product_id: 'fixed-usdt-7', coin: 'USDT' } }
    const doc = shellWith({
      at: SERVER_AT,
      calls: [
        { call: 'get-product-detail', body: productDetailRequest('fixed-usdt-7'), result: detail },
        // Not a detail answer: left for the page to fetch.
        { call: 'get-product-detail', body: productDetailRequest('x'), result: { product: 1 } },
      ],
    })
    expect(hydrateInitialProductCards(queryClient, doc, SERVER_AT)).toBe(1)
    expect(queryClient.getQueryData(productDetailQueryOptions('fixed-usdt-7').queryKey)).toEqual(
      detail,
    )
    expect(queryClient.getQueryCache().getAll()).toHaveLength(1)
  })

  it('ignores a missing, malformed or foreign payload', () => {
    const queryClient = new QueryClient()
    expect(hydrateInitialProductCards(queryClient, shellWith())).toBe(0)
    const broken = shellWith(homeData())
    broken.getElementById('earn-initial-data')!.textContent = '{"at":'
    expect(hydrateInitialProductCards(queryClient, broken)).toBe(0)
    const foreign = shellWith({
      at: SERVER_AT,
      calls: [{ call: 'get-homepage-product-cards', body: {}, result: 'nope' }],
    })
    expect(hydrateInitialProductCards(queryClient, foreign)).toBe(0)
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0)
  })

  it('seeds the coin list a served view was drawn with, dated when the server read it', () => {
    const queryClient = createQueryClient()
    const coins: CoinTuple[] = [[1, 'BTC', 8, 6, '/coins/btc-dark.svg', '/coins/btc-light.svg']]
    const served = new DOMParser().parseFromString(
      renderShell(
        '<html><head><title>Earn</title></head><body><div id="root"></div></body></html>',
        {
          modulePreloads: [],
          stylesheets: [],
          telegramChunks: { start: [], later: [] },
          initialData: { ...homeData(), coins },
          firstView: { html: '<p>served</p>', lang: 'en', dir: 'ltr' },
        },
      ),
      'text/html',
    )
    expect(hydrateInitialProductCards(queryClient, served, SERVER_AT + 1000)).toBe(1)
    const query = queryClient.getQueryCache().find({ queryKey: coinsQueryOptions().queryKey })
    expect(query?.state.data).toEqual([coinFromTuple(coins[0]!)])
    expect(query?.state.dataUpdatedAt).toBe(SERVER_AT)
    // Without a served view the page carries no list, and the query fetches as before.
    const plain = createQueryClient()
    expect(hydrateInitialProductCards(plain, shellWith(homeData()), SERVER_AT)).toBe(1)
    expect(plain.getQueryData(coinsQueryOptions().queryKey)).toBeUndefined()
  })
})
