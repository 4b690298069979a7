import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/** Web configuration entries (spec §7 /v3/config/web): name/value per project. */
export const configEntries = pgTable(
  'config_entries',
  {
    projectName: text('project_name').notNull(),
    name: text('name').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectName, t.name] })],
)

/** Gray-release whitelist per scene (spec §5 Internal stage): the {scene}_userlist. */
export const grayReleaseWhitelists = pgTable(
  'gray_release_whitelists',
  {
    scene: text('scene').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scene, t.userId] })],
)
