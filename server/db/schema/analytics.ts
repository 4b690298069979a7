import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Client analytics events (POST /analytics), stored as received after validation. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id'),
    name: text('name').notNull(),
    platform: text('platform').notNull().default(''),
    params: jsonb('params').notNull().$type<Record<string, unknown>>(),
    clientTime: timestamp('client_time', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('analytics_events_received_idx').on(t.receivedAt)],
)
