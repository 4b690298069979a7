import type { Database } from './client'
import { coins } from './schema'
import { SEED_COINS, coinIconPath } from './seed-coins'
import { seedEarn } from './seed-earn'
import { seedIdentity } from './seed-identity'

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

  await seedEarn(db, now)
}
