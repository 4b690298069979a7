import type { Database } from './client'
import { coins } from './schema'
import { SEED_COINS, coinIconPath } from './seed-coins'
import { seedDemoEarn, seedEarnCatalogue } from './seed-earn'
import { seedDemoIdentity, seedWebConfig } from './seed-identity'

/**
 * The catalogue and config (coins, products, web config) always; the demo (users, balances,
 * vouchers, whitelist) only when asked for (SEED_DEMO / npm start, never in production).
 * Inserted once: existing rows are left alone.
 */
export async function seedDatabase(
  db: Database,
  now: Date,
  { demo }: { demo: boolean },
): Promise<void> {
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
  await seedWebConfig(db)
  await seedEarnCatalogue(db, now)
  if (!demo) return
  await seedDemoIdentity(db)
  await seedDemoEarn(db, now)
}
