import { ProductType } from './enums'

// Spec §2's deep-link table: which web path opens which screen of the exchange app. The client
// reads it inside the app's webview (router push through the bridge, app links) and the tests
// read it too, so no path, screen or query name is typed twice. Screen names and the link scheme
// are ours (the spec names the screens, not their wire form; docs/decisions.md).

/** The exchange app's link scheme (spec: not shown; ours). */
export const APP_LINK_SCHEME = 'earnapp://'

/** Assets screen tab that lists financial orders (spec §2). */
export const ASSETS_ORDERS_TAB = 3

/** The app's screens the table opens. */
export const APP_SCREEN = {
  earnCenter: 'earn/center',
  /** The earn product list of one type (dual 2, launchpool 3, flexible/savings 4, liquidity 5). */
  earnProductList: 'earn/product-list',
  stakingHome: 'earn/staking-home',
  doubleWin: 'earn/double-win',
  discountBuy: 'earn/discount-buy',
  fundPoolHome: 'earn/fund-pool-home',
  walletRecords: 'earn/wallet-records',
  assets: 'assets',
  login: 'login',
  register: 'register',
  kyc: 'kyc',
  fiatDeposit: 'fiat/deposit',
  fiatWithdraw: 'fiat/withdraw',
  spotTrade: 'trade/spot',
  derivativesTrade: 'trade/derivatives',
  botCreate: 'bot/create',
  rewardsHub: 'rewards-hub',
  copyTrade: 'copy-trade',
  web3: 'web3',
  referral: 'referral',
  vip: 'vip',
  // Outside the table: easy-earn's mini-program route (spec §2) and the app's launcher for
  // other sites and downloads (spec §3).
  easyEarnStake: 'mini-program/easy-earn/stake',
  easyEarnSavingsHome: 'mini-program/easy-earn/savings-home',
  openUrl: 'system/open-url',
} as const
export type AppScreenName = (typeof APP_SCREEN)[keyof typeof APP_SCREEN]

/** The screen's fixed param that names the earn product type (spec §2: "type 2", "type 4"). */
export const EARN_TYPE_PARAM = 'type'
/** The assets screen's tab param. */
export const ASSETS_TAB_PARAM = 'tab'
/** The optional query of flexible-staking and savings, passed on under the spec's names. */
export const SAVINGS_LINK_QUERY = ['id', 'type'] as const

export type DeepLinkRule = {
  /** Web path without locale prefix; `:name` captures one segment (a screen param). */
  readonly path: string
  readonly screen: AppScreenName
  /** The screen's fixed params. */
  readonly params?: Readonly<Record<string, string>>
  /** Query keys of the web link passed on to the screen, under the same names, when present. */
  readonly query?: readonly string[]
}

const earnType = (type: ProductType) => ({
  screen: APP_SCREEN.earnProductList,
  params: { [EARN_TYPE_PARAM]: String(type) },
})

/** The app screen of /earn/orders: the assets screen, orders tab 3. */
export const ORDERS_APP_SCREEN = {
  screen: APP_SCREEN.assets,
  params: { [ASSETS_TAB_PARAM]: String(ASSETS_ORDERS_TAB) },
}

/** Web path → app screen (spec §2), earn pages first. */
export const DEEP_LINK_RULES: readonly DeepLinkRule[] = [
  { path: '/earn', screen: APP_SCREEN.earnCenter },
  { path: '/earn/home', screen: APP_SCREEN.earnCenter },
  { path: '/earn/dual-asset-mining', ...earnType(ProductType.Dual) },
  { path: '/earn/launchpool', ...earnType(ProductType.Launch) },
  { path: '/earn/flexible-staking', ...earnType(ProductType.Flexible), query: SAVINGS_LINK_QUERY },
  { path: '/earn/savings', ...earnType(ProductType.Flexible), query: SAVINGS_LINK_QUERY },
  { path: '/earn/liquidity-mining', ...earnType(ProductType.Liquidity) },
  { path: '/earn/pos', screen: APP_SCREEN.stakingHome },
  { path: '/earn/double-win', screen: APP_SCREEN.doubleWin },
  { path: '/earn/discount-buy', screen: APP_SCREEN.discountBuy },
  { path: '/earn/wealth-management', screen: APP_SCREEN.fundPoolHome },
  { path: '/earn/wallet-records', screen: APP_SCREEN.walletRecords },
  { path: '/earn/orders', ...ORDERS_APP_SCREEN },
  { path: '/user/assets/order/earn', ...ORDERS_APP_SCREEN },
  { path: '/login', screen: APP_SCREEN.login },
  { path: '/register', screen: APP_SCREEN.register },
  { path: '/user/accounts/auth/personal', screen: APP_SCREEN.kyc },
  { path: '/fiat/deposit', screen: APP_SCREEN.fiatDeposit },
  { path: '/fiat/withdraw', screen: APP_SCREEN.fiatWithdraw },
  // base + quote travel as one `symbol` (BTCUSDT), like the derivatives path's own segment.
  { path: '/trade/spot/:base/:quote', screen: APP_SCREEN.spotTrade },
  { path: '/trade/usdt/:symbol', screen: APP_SCREEN.derivativesTrade },
  { path: '/tradingbot/create/:bot', screen: APP_SCREEN.botCreate },
  { path: '/rewards-hub', screen: APP_SCREEN.rewardsHub },
  { path: '/copy-trade', screen: APP_SCREEN.copyTrade },
  { path: '/web3', screen: APP_SCREEN.web3 },
  { path: '/web3/:page', screen: APP_SCREEN.web3 },
  { path: '/referral', screen: APP_SCREEN.referral },
  { path: '/vip', screen: APP_SCREEN.vip },
]
