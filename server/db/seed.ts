import { ProductType } from '../../contract/enums'
import type { Database } from './client'
import { coins, products } from './schema'
import { SEED_COINS, coinIconPath } from './seed-coins'
import { seedIdentity } from './seed-identity'

const DAY = 86_400_000

/** Demo data (coins, users, config, products); inserted once, existing rows are left alone. */
export async function seedDatabase(db: Database, now: Date): Promise<void> {
  await db
    .insert(coins)
    .values(
      SEED_COINS.map((c, i) => ({
        coinEnum: c.coinEnum,
        name: c.name,
        assetDigits: c.assetDigits,
        transactionDigits: c.transactionDigits,
        iconLight: coinIconPath(c.name, 'light'),
        iconDark: coinIconPath(c.name, 'dark'),
        referencePrice: c.referencePrice,
        sortOrder: i,
      })),
    )
    .onConflictDoNothing()
  await seedIdentity(db)

  const t = now.getTime()
  const rows: (typeof products.$inferInsert)[] = [
    p(
      'flex-usdt',
      ProductType.Flexible,
      'USDT',
      '0.0550',
      0,
      '1',
      '100000',
      '50000000',
      '31250000',
    ),
    p('flex-btc', ProductType.Flexible, 'BTC', '0.0120', 0, '0.0001', '5', '2000', '1210'),
    p('flex-eth', ProductType.Flexible, 'ETH', '0.0240', 0, '0.001', '100', '30000', '18000'),
    p('fixed-usdt-30', ProductType.FixedTerm, 'USDT', '0.0820', 30, '10', '50000', '10000000', '0'),
    p(
      'fixed-usdc-90',
      ProductType.FixedTerm,
      'USDC',
      '0.0960',
      90,
      '10',
      '50000',
      '5000000',
      '4100000',
    ),
    p('pos-sol', ProductType.POS, 'SOL', '0.0710', 0, '0.1', '10000', '800000', '500000'),
    p('dual-btc-low', ProductType.Dual, 'BTC', '0.4520', 3, '0.001', '2', '100', '64'),
    p('launch-mnt', ProductType.Launch, 'MNT', '0.3100', 14, '10', '20000', '3000000', '3000000', {
      subscribeStartAt: new Date(t + 2 * DAY),
    }),
    p(
      'structured-eth',
      ProductType.StructuredProduct,
      'ETH',
      '0.1800',
      7,
      '0.05',
      '50',
      '900',
      '300',
    ),
    p(
      'liq-btc-usdt',
      ProductType.Liquidity,
      'USDT',
      '0.2350',
      0,
      '10',
      '200000',
      '9000000',
      '7000000',
    ),
  ]
  await db.insert(products).values(rows).onConflictDoNothing()

  function p(
    id: string,
    productType: number,
    coin: string,
    apr: string,
    termDays: number,
    minAmount: string,
    maxAmount: string,
    totalQuota: string,
    remainingQuota: string,
    extra: Partial<typeof products.$inferInsert> = {},
  ): typeof products.$inferInsert {
    return {
      id,
      productType,
      coin,
      apr,
      termDays,
      minAmount,
      maxAmount,
      totalQuota,
      remainingQuota,
      subscribeStartAt: new Date(t - 30 * DAY),
      subscribeEndAt: null,
      ...extra,
    }
  }
}
