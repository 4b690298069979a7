// @vitest-environment node
import { AsyncLocalStorage } from 'node:async_hooks'
import { describe, expect, it, vi } from 'vitest'
import type { InitialData } from '../../../contract/initial-data'
import { productDetailRequest, productPageRequest } from '../../../contract/product-pages'
import { firstViewStats, pageUrlOf, renderFirstView } from './render-first-view'

// The renderer as the server's build runs it: in Node, without a page, from inlined data only.

const card = (id: string, coin: string, apr: string) => ({
  product_id: id,
  product_type: 4,
  coin,
  apr,
  apr_max: apr,
  term_days: 0,
  min_amount: '1',
  max_amount: '1000',
  total_quota: '100000',
  remaining_quota: '50000',
  subscribe_start_at: 1_700_000_000,
  subscribe_end_at: null,
  subscription_state: 1,
  card_status: 1,
  page_keys: ['savings'],
})
const data = (body: object): InitialData => ({
  at: Date.now(),
  calls: [
    {
      call: 'get-homepage-product-cards',
      body,
      result: { cards: [card('flex-usdt', 'USDT', '0.05'), card('flex-btc', 'BTC', '0.012')] },
    },
  ],
})
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148'

describe('first-view renderer', () => {
  it('renders home with its cards, in the page language', async () => {
    const view = await renderFirstView({
      url: '/earn/home',
      userAgent: PHONE,
      initialData: data({}),
    })
    expect(view?.lang).toBe('en')
    expect(view?.dir).toBe('ltr')
    expect(view?.html.match(/data-testid="product-card"/g)).toHaveLength(2)
    expect(view?.html).toContain('data-product-id="flex-btc"')
    // Mobile web: the download button is part of the view, as in the browser.
    expect(view?.html).toContain('data-testid="download-button"')
  })

  it('keeps no AsyncLocalStorage: the server process stays free of promise hooks', async () => {
    // Node's own React build runs each render in one, which makes Node 20 and 22 track every
    // promise of the process from then on, API calls included (docs/performance.md, Run X).
    const run = vi.spyOn(AsyncLocalStorage.prototype, 'run')
    const enterWith = vi.spyOn(AsyncLocalStorage.prototype, 'enterWith')
    try {
      const view = await renderFirstView({
        url: '/earn/product/flex-usdt',
        userAgent: PHONE,
        initialData: data({}),
      })
      expect(view === undefined || view.html.length > 0).toBe(true)
      const home = await renderFirstView({
        url: '/earn/home',
        userAgent: PHONE,
        initialData: data({}),
      })
      expect(home?.html).toContain('data-product-id="flex-usdt"')
      expect(run).not.toHaveBeenCalled()
      expect(enterWith).not.toHaveBeenCalled()
    } finally {
      run.mockRestore()
      enterWith.mockRestore()
    }
  })

  it('renders Arabic right to left, and one render at a time keeps each its language', async () => {
    const [ar, en] = await Promise.all([
      renderFirstView({ url: '/ar-SA/earn/home', userAgent: PHONE, initialData: data({}) }),
      renderFirstView({ url: '/earn/home', userAgent: 'Mozilla/5.0', initialData: data({}) }),
    ])
    expect([ar?.lang, ar?.dir]).toEqual(['ar-SA', 'rtl'])
    expect(ar?.html).toContain('الكسب')
    expect([en?.lang, en?.dir]).toEqual(['en', 'ltr'])
    expect(en?.html).not.toContain('data-testid="download-button"')
  })

  it('renders a product page from its own filter', async () => {
    const view = await renderFirstView({
      url: '/earn/savings',
      userAgent: PHONE,
      initialData: data(productPageRequest('savings')),
    })
    expect(view?.html).toContain('data-product-id="flex-usdt"')
  })

  it("renders a product's detail page from its inlined detail, on a phone and a desktop", async () => {
    const product = {
      ...card('fixed-usdt-7', 'USDT', '0.08'),
      product_type: 2,
      term_days: 7,
      apr_tiers: [],
      redeemable_anytime: false,
      early_redeem_allowed: true,
      min_kyc_level: 0,
      stage: null,
      coin_on_sale_status: null,
      offer: null,
      availability: 2,
      user_holding: '0',
      user_remaining_limit: '1000',
    }
    const detail: InitialData = {
      at: Date.now(),
      calls: [
        {
          call: 'get-product-detail',
          body: productDetailRequest('fixed-usdt-7'),
          result: { product },
        },
      ],
    }
    for (const userAgent of [PHONE, 'Mozilla/5.0']) {
      const view = await renderFirstView({
        url: '/earn/product/fixed-usdt-7',
        userAgent,
        initialData: detail,
      })
      expect(view?.html).toMatch(/<h1[^>]*>.*USDT<\/h1>/)
      expect(view?.html).toContain('8.00%')
      expect(view?.html).toContain('7 days')
      // Signed out: the login link names the page by its path (the server has no origin).
      expect(view?.html).toContain(
        `/en/login?redirect_url=${encodeURIComponent('/earn/product/fixed-usdt-7')}`,
      )
    }
    // Another product's page is not drawn from this one's detail.
    expect(
      await renderFirstView({
        url: '/earn/product/flex-btc',
        userAgent: PHONE,
        initialData: detail,
      }),
    ).toBeUndefined()
  })

  it('gives nothing without data, for a redirect, a missing page or past its deadline', async () => {
    const none = { at: Date.now(), calls: [] }
    expect(await renderFirstView({ url: '/earn/home', userAgent: PHONE, initialData: none })).toBe(
      undefined,
    )
    for (const url of ['/', '/earn/no-such-page', '/xx/earn/home'])
      expect(await renderFirstView({ url, userAgent: PHONE, initialData: data({}) })).toBe(
        undefined,
      )
    const late = {
      url: '/earn/home?coin=ETH',
      userAgent: PHONE,
      initialData: data({}),
      deadline: 1,
    }
    expect(await renderFirstView(late)).toBeUndefined()
  })

  it('reuses a render of the same page, platform and data; new data renders anew', async () => {
    // ?coin=BTC: the BTC card (the second) is the one shown.
    const request = { url: '/earn/home?coin=BTC', userAgent: PHONE, initialData: data({}) }
    const first = await renderFirstView(request)
    // Same cards read a moment later (another `at`): the same view, even past its deadline.
    const again = { ...request, initialData: { ...data({}), at: Date.now() + 1 }, deadline: 1 }
    expect(await renderFirstView(again)).toBe(first)
    expect(await renderFirstView({ ...request, userAgent: 'Mozilla/5.0' })).not.toBe(first)
    const changed = data({})
    ;(changed.calls[0]!.result as { cards: { apr: string }[] }).cards[1]!.apr = '0.07'
    const fresh = await renderFirstView({ ...request, initialData: changed })
    expect(fresh).not.toBe(first)
    expect(fresh?.html).toContain('7.00%')
  })

  it('renders the page its routes read: unknown query parameters are one page', async () => {
    expect(pageUrlOf('/earn/home?x=1&search=%20btc%20&coin=eth&utm_source=a')).toBe(
      '/earn/home?coin=ETH&search=btc',
    )
    expect(pageUrlOf('/ar-SA/earn/home?type=4&x=2')).toBe('/ar-SA/earn/home?type=4')
    expect(pageUrlOf('/earn/home?coin=!!')).toBe('/earn/home')
    const before = firstViewStats()
    // Cards no other test drew: this page is not in the cache yet.
    const initialData = data({})
    ;(initialData.calls[0]!.result as { cards: { apr: string }[] }).cards[0]!.apr = '0.09'
    const views = []
    for (const junk of ['x=1', 'x=2', 'y=%24%60', 'coin=!!&z=3'])
      views.push(
        await renderFirstView({ url: `/earn/home?${junk}`, userAgent: PHONE, initialData }),
      )
    expect(new Set(views).size).toBe(1)
    expect(views[0]?.html).toContain('USDT')
    expect(firstViewStats().renders - before.renders).toBe(1)
    expect(firstViewStats().kept - before.kept).toBe(1)
  })
})
