import { and, eq, sql } from 'drizzle-orm'
import {
  AccountType,
  DualDirection,
  ProductType,
  VoucherStatus,
  WalletRecordType,
} from '../../contract/enums'
import { mintEntries, post } from '../modules/earn/ledger'
import { money } from '../modules/earn/money'
import type { Database } from './client'
import { earnVouchers, ledgerPostings, products } from './schema'
import { DEMO_ACCOUNTS } from './seed-identity'

const DAY = 86_400_000
type ProductInsert = typeof products.$inferInsert

/** What every demo user starts with, per account type (SPOT 2, UTA 5, FUNDING 6). */
export const DEMO_BALANCES: { coin: string; accountType: number; amount: string }[] = [
  { coin: 'USDT', accountType: AccountType.FUNDING, amount: '10000' },
  { coin: 'USDC', accountType: AccountType.FUNDING, amount: '5000' },
  { coin: 'BTC', accountType: AccountType.FUNDING, amount: '0.5' },
  { coin: 'ETH', accountType: AccountType.FUNDING, amount: '5' },
  { coin: 'SOL', accountType: AccountType.FUNDING, amount: '50' },
  { coin: 'TON', accountType: AccountType.FUNDING, amount: '400' },
  { coin: 'USDT', accountType: AccountType.SPOT, amount: '1000' },
  { coin: 'USDT', accountType: AccountType.UTA, amount: '500' },
]

const offer = (o: Partial<NonNullable<ProductInsert['offer']>> & { baseCoin: string }) => ({
  direction: DualDirection.UNKNOWN,
  quoteCoin: 'USDT',
  targetPrice: null,
  discount: null,
  rangePct: null,
  leverage: null,
  ...o,
})

/** The catalogue: every product type of spec §3 that has a page or section. */
export function earnProducts(now: Date): ProductInsert[] {
  const t = now.getTime()
  const p = (
    id: string,
    productType: number,
    coin: string,
    apr: string,
    termDays: number,
    limits: [min: string, max: string, total: string, remaining: string],
    extra: Partial<ProductInsert> = {},
  ): ProductInsert => ({
    id,
    productType,
    coin,
    apr,
    termDays,
    minAmount: limits[0],
    maxAmount: limits[1],
    totalQuota: limits[2],
    remainingQuota: limits[3],
    subscribeStartAt: new Date(t - 30 * DAY),
    subscribeEndAt: null,
    ...extra,
  })
  return [
    p(
      'flex-usdt',
      ProductType.Flexible,
      'USDT',
      '0.0550',
      0,
      ['1', '100000', '50000000', '31250000'],
      {
        aprTiers: [
          { min: '0', max: '2000', apr: '0.12' },
          { min: '2000', max: null, apr: '0.055' },
        ],
      },
    ),
    p('flex-btc', ProductType.Flexible, 'BTC', '0.0120', 0, ['0.0001', '5', '2000', '1210']),
    p('flex-eth', ProductType.Flexible, 'ETH', '0.0240', 0, ['0.001', '100', '30000', '18000']),
    p('fixed-usdt-30', ProductType.FixedTerm, 'USDT', '0.0820', 30, [
      '10',
      '50000',
      '10000000',
      '0',
    ]),
    p('fixed-usdc-90', ProductType.FixedTerm, 'USDC', '0.0960', 90, [
      '10',
      '50000',
      '5000000',
      '4100000',
    ]),
    p(
      'fixed-usdt-7',
      ProductType.FixedTerm,
      'USDT',
      '0.0700',
      7,
      ['10', '20000', '2000000', '1500000'],
      { earlyRedeem: false },
    ),
    p('pos-sol', ProductType.POS, 'SOL', '0.0710', 0, ['0.1', '10000', '800000', '500000']),
    p(
      'dual-btc-low',
      ProductType.Dual,
      'USDT',
      '0.4520',
      3,
      ['10', '50000', '2000000', '1280000'],
      {
        offer: offer({ baseCoin: 'BTC', direction: DualDirection.BUY_LOW, targetPrice: '92000' }),
      },
    ),
    p(
      'launch-mnt',
      ProductType.Launch,
      'MNT',
      '0.3100',
      14,
      ['10', '20000', '3000000', '3000000'],
      {
        // Two months out: one e2e run moves the shared server clock by about three weeks in
        // all (journeys, dual settlements, the closed-positions history) and still sees it coming.
        subscribeStartAt: new Date(t + 60 * DAY),
        offer: offer({ baseCoin: 'MNT' }),
      },
    ),
    p('launch-ton', ProductType.Launch, 'TON', '0.1500', 0, ['1', '5000', '400000', '250000'], {
      // Open for the whole of an e2e run however far it moves the clock (see launch-mnt).
      subscribeEndAt: new Date(t + 90 * DAY),
    }),
    p(
      'structured-eth',
      ProductType.StructuredProduct,
      'ETH',
      '0.1800',
      7,
      ['0.05', '50', '900', '300'],
      { minKycLevel: 1 },
    ),
    p(
      'liq-btc-usdt',
      ProductType.Liquidity,
      'USDT',
      '0.2350',
      0,
      ['10', '200000', '9000000', '7000000'],
      {
        offer: offer({ baseCoin: 'BTC', leverage: '3' }),
      },
    ),
    p(
      'liq-eth-usdt',
      ProductType.Liquidity,
      'USDT',
      '0.1900',
      0,
      ['10', '100000', '5000000', '4200000'],
      {
        offer: offer({ baseCoin: 'ETH', leverage: '2' }),
      },
    ),
    p(
      'wealth-usdt',
      ProductType.WEALTH,
      'USDT',
      '0.0650',
      0,
      ['100', '500000', '20000000', '12000000'],
      { minKycLevel: 2 },
    ),
    p(
      'doublewin-btc',
      ProductType.DOUBLEWIN,
      'USDT',
      '0.3000',
      7,
      ['10', '10000', '500000', '320000'],
      {
        offer: offer({ baseCoin: 'BTC', rangePct: '0.05' }),
      },
    ),
    p(
      'discount-eth',
      ProductType.DISCOUNT,
      'USDT',
      '0.2000',
      14,
      ['10', '20000', '800000', '610000'],
      {
        offer: offer({ baseCoin: 'ETH', discount: '0.05' }),
      },
    ),
    p(
      'futureboost-btc',
      ProductType.FUTUREBOOST,
      'USDT',
      '0.6000',
      3,
      ['10', '5000', '300000', '200000'],
      {
        offer: offer({ baseCoin: 'BTC', leverage: '5' }),
      },
    ),
    p(
      'fundpool-usdt',
      ProductType.FundPoolPremium,
      'USDT',
      '0.1100',
      30,
      ['500', '100000', '3000000', '2500000'],
      { minKycLevel: 2 },
    ),
    p('networth-btc', ProductType.NETWORTH, 'BTC', '0.0300', 0, ['0.001', '10', '500', '410']),
    p(
      'ultra-discount-sol',
      ProductType.UltraDiscountBuy,
      'USDT',
      '0.2500',
      7,
      ['10', '5000', '250000', '180000'],
      {
        offer: offer({ baseCoin: 'SOL', discount: '0.1' }),
      },
    ),
  ]
}

/** Advisory lock key (with the user id) serialising the demo funding across servers. */
const SEED_LOCK_ID = 72_700_002

/** The product catalogue; idempotent. */
export async function seedEarnCatalogue(db: Database, now: Date): Promise<void> {
  await db.insert(products).values(earnProducts(now)).onConflictDoNothing()
}

/**
 * DEMO_BALANCES for one account (as Deposit postings from the house), once: an account that
 * has a deposit already gets nothing. The demo's accounts, and in the demo a Telegram
 * account's first launch (whoever tries the demo from Telegram can subscribe at once).
 */
export async function fundDemoAccount(db: Database, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // Servers starting at once on a fresh database: the lock makes the check-then-fund once.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID}, ${id})`)
    const [funded] = await tx
      .select({ id: ledgerPostings.id })
      .from(ledgerPostings)
      .where(and(eq(ledgerPostings.userId, id), eq(ledgerPostings.kind, WalletRecordType.Deposit)))
      .limit(1)
    if (funded) return
    for (const b of DEMO_BALANCES) {
      await post(tx, {
        userId: id,
        kind: WalletRecordType.Deposit,
        coin: b.coin,
        amount: money(b.amount),
        at: now,
        entries: mintEntries(id, b.coin, b.accountType, money(b.amount)),
      })
    }
  })
}

/** Demo balances and vouchers of the demo accounts; idempotent. */
export async function seedDemoEarn(db: Database, now: Date): Promise<void> {
  const ids = DEMO_ACCOUNTS.map((a) => a.id)
  for (const id of ids) await fundDemoAccount(db, id, now)
  await db
    .insert(earnVouchers)
    .values(
      ids.flatMap((userId) => [
        {
          id: `v-${userId}-boost`,
          userId,
          kind: 'apr_boost',
          value: '0.02',
          coin: 'USDT',
          productType: ProductType.Flexible,
          minAmount: '100',
          expiresAt: new Date(now.getTime() + 30 * DAY),
          status: VoucherStatus.Unused,
        },
        {
          id: `v-${userId}-bonus`,
          userId,
          kind: 'bonus',
          value: '5',
          coin: 'USDT',
          productType: ProductType.FixedTerm,
          minAmount: '100',
          expiresAt: new Date(now.getTime() + 30 * DAY),
          status: VoucherStatus.Unused,
        },
        {
          id: `v-${userId}-old`,
          userId,
          kind: 'apr_boost',
          value: '0.05',
          coin: null,
          productType: null,
          minAmount: '0',
          expiresAt: new Date(now.getTime() - DAY),
          status: VoucherStatus.Unused,
        },
      ]),
    )
    .onConflictDoNothing()
}
