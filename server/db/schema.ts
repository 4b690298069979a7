import { integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// Drizzle needs one schema object: each domain's tables live in schema/<domain>.ts.
export * from './schema/identity'
export * from './schema/market'
export * from './schema/config'
export * from './schema/analytics'

/** Earn products (spec §3 product types). Amounts are NUMERIC, never floats. */
export const products = pgTable('products', {
  id: text('id').primaryKey(),
  productType: integer('product_type').notNull(),
  coin: text('coin').notNull(),
  apr: numeric('apr', { precision: 20, scale: 8 }).notNull(),
  termDays: integer('term_days').notNull().default(0),
  minAmount: numeric('min_amount', { precision: 38, scale: 18 }).notNull(),
  maxAmount: numeric('max_amount', { precision: 38, scale: 18 }).notNull(),
  totalQuota: numeric('total_quota', { precision: 38, scale: 18 }).notNull(),
  remainingQuota: numeric('remaining_quota', { precision: 38, scale: 18 }).notNull(),
  subscribeStartAt: timestamp('subscribe_start_at', { withTimezone: true }).notNull(),
  subscribeEndAt: timestamp('subscribe_end_at', { withTimezone: true }),
  offline: integer('offline').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
