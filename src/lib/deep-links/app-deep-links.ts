import { ProductType } from '../../../contract/enums'
import { isLocale } from '../locale/locale'

/** The exchange app's link scheme (spec: not shown; ours). */
export const APP_LINK_SCHEME = 'earnapp://'
/** Assets screen tab that lists financial orders (spec §2). */
export const ASSETS_ORDERS_TAB = 3

export type AppScreen = { screen: string; params?: Record<string, string> }

/** The app screen of /earn/orders: the assets screen, orders tab 3. */
export const ORDERS_APP_SCREEN = { screen: 'assets', params: { tab: String(ASSETS_ORDERS_TAB) } }

type Rule = {
  /** Path pattern without locale prefix; :name captures one segment. */
  path: string
  screen: string
  /** Fixed params of the screen. */
  params?: Record<string, string>
  /** Query keys passed through when present. */
  query?: readonly string[]
}

const earnType = (type: number): Pick<Rule, 'screen' | 'params'> => ({
  screen: 'earn/product-list',
  params: { type: String(type) },
})

/** Web path → app screen (spec §2). The app screen names are ours. */
export const DEEP_LINK_RULES: readonly Rule[] = [
  { path: '/earn', screen: 'earn/center' },
  { path: '/earn/home', screen: 'earn/center' },
  { path: '/earn/dual-asset-mining', ...earnType(ProductType.Dual) },
  { path: '/earn/launchpool', ...earnType(ProductType.Launch) },
  { path: '/earn/flexible-staking', ...earnType(ProductType.Flexible), query: ['id', 'type'] },
  { path: '/earn/savings', ...earnType(ProductType.Flexible), query: ['id', 'type'] },
  { path: '/earn/liquidity-mining', ...earnType(ProductType.Liquidity) },
  { path: '/earn/pos', screen: 'earn/staking-home' },
  { path: '/earn/double-win', screen: 'earn/double-win' },
  { path: '/earn/discount-buy', screen: 'earn/discount-buy' },
  { path: '/earn/wealth-management', screen: 'earn/fund-pool-home' },
  { path: '/earn/wallet-records', screen: 'earn/wallet-records' },
  { path: '/earn/orders', ...ORDERS_APP_SCREEN },
  {
    path: '/user/assets/order/earn',
    screen: 'assets',
    params: { tab: String(ASSETS_ORDERS_TAB) },
  },
  { path: '/login', screen: 'login' },
  { path: '/register', screen: 'register' },
  { path: '/user/accounts/auth/personal', screen: 'kyc' },
  { path: '/fiat/deposit', screen: 'fiat/deposit' },
  { path: '/fiat/withdraw', screen: 'fiat/withdraw' },
  { path: '/trade/spot/:base/:quote', screen: 'trade/spot' },
  { path: '/trade/usdt/:symbol', screen: 'trade/derivatives' },
  { path: '/tradingbot/create/:bot', screen: 'bot/create' },
  { path: '/rewards-hub', screen: 'rewards-hub' },
  { path: '/copy-trade', screen: 'copy-trade' },
  { path: '/web3', screen: 'web3' },
  { path: '/web3/:page', screen: 'web3' },
  { path: '/referral', screen: 'referral' },
  { path: '/vip', screen: 'vip' },
]

function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean)
  const have = path.split('/').filter(Boolean)
  if (want.length !== have.length) return null
  const captured: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!
    if (w.startsWith(':')) captured[w.slice(1)] = decodeURIComponent(have[i]!)
    else if (w !== have[i]) return null
  }
  return captured
}

/** Captured segments as screen params: spot base+quote and derivatives symbol become `symbol`. */
function screenParams(captured: Record<string, string>): Record<string, string> {
  const { base, quote, ...rest } = captured
  return base && quote ? { symbol: `${base}${quote}`.toUpperCase(), ...rest } : rest
}

/** The app screen for a web URL (path, optional locale prefix, query), or null when unmapped. */
export function appScreenFor(url: string): AppScreen | null {
  const parsed = new URL(url, 'https://placeholder.invalid')
  const segments = parsed.pathname.split('/').filter(Boolean)
  if (isLocale(segments[0])) segments.shift()
  const path = `/${segments.join('/')}`
  for (const rule of DEEP_LINK_RULES) {
    const captured = matchPath(rule.path, path)
    if (!captured) continue
    const params: Record<string, string> = { ...rule.params, ...screenParams(captured) }
    for (const key of rule.query ?? []) {
      const value = parsed.searchParams.get(key)
      // A fixed param is the page's own (savings is type 4): a query of the same name travels
      // beside it as product<Key> (type → productType), never over it.
      if (value)
        params[rule.params?.[key] ? `product${key[0]!.toUpperCase()}${key.slice(1)}` : key] = value
    }
    return Object.keys(params).length ? { screen: rule.screen, params } : { screen: rule.screen }
  }
  return null
}

/** The app link for a screen: scheme, screen, then its params as a query. */
export function appLink({ screen, params }: AppScreen): string {
  const query = params ? `?${new URLSearchParams(params)}` : ''
  return `${APP_LINK_SCHEME}${screen}${query}`
}
