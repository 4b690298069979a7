import { integer, numeric, pgTable, text } from 'drizzle-orm/pg-core'

/** Coins (spec §3): enum number, name, precisions, icons, and the simulator's reference price. */
export const coins = pgTable('coins', {
  coinEnum: integer('coin_enum').primaryKey(),
  name: text('name').notNull().unique(),
  /** Wallet (asset) display digits. */
  assetDigits: integer('asset_digits').notNull(),
  /** Transaction precision digits. */
  transactionDigits: integer('transaction_digits').notNull(),
  iconLight: text('icon_light').notNull(),
  iconDark: text('icon_dark').notNull(),
  /** USD price the deterministic simulator oscillates around. */
  referencePrice: numeric('reference_price', { precision: 38, scale: 18 }).notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
})
