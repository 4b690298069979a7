import { inArray } from 'drizzle-orm'
import { CONFIG_PROJECT, GrayReleaseStage, stageKey } from '../../contract/gray-release'
import { GrayReleaseScene } from '../../contract/gray-release-scenes'
import { KycLevel, UserStatus, UserTag } from '../../contract/identity.schema'
import { hashPassword } from '../modules/identity/password'
import type { Database } from './client'
import { configEntries, grayReleaseWhitelists, userTags, users } from './schema'

/** Shared by every demo account; printed by `npm start`. */
export const DEMO_PASSWORD = 'Earn-demo-2026'

/** Scenes of spec §7 whose stage and userlist the config endpoint serves. */
export const GRAY_RELEASE_SCENES = Object.values(GrayReleaseScene)

export type DemoAccount = {
  id: number
  email: string
  what: string
  kycLevel: KycLevel
  /** Declared at register. */
  countryCode: string
  /** Verified by KYC when it differs from the declared one. */
  kycCountryCode?: string
  tags?: string[]
  whitelisted?: boolean
  vip?: { labelLevel: number }
}

// Ids end in different digits so Stage1/Stage2 gating (last digit) can be seen per account.
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { id: 100002, email: 'kyc0@earn.test', what: 'KYC level 0', kycLevel: 0, countryCode: 'GB' },
  { id: 100011, email: 'kyc1@earn.test', what: 'KYC level 1', kycLevel: 1, countryCode: 'DE' },
  {
    id: 100013,
    email: 'kyc2@earn.test',
    what: 'KYC level 2, VIP',
    kycLevel: 2,
    countryCode: 'SG',
    vip: { labelLevel: 2 },
  },
  {
    id: 100024,
    email: 'blocked@earn.test',
    what: 'KYC level 2, tag-blocked (cannot buy)',
    kycLevel: 2,
    countryCode: 'FR',
    tags: [UserTag.TagBlocked],
  },
  {
    id: 100036,
    email: 'insider@earn.test',
    what: 'KYC level 2, on the gray-release whitelist',
    kycLevel: 2,
    countryCode: 'AE',
    whitelisted: true,
  },
  {
    id: 100048,
    email: 'walled@earn.test',
    what: 'KYC level 2, KYC-verified country behind the compliance wall (US; declared GB)',
    kycLevel: 2,
    countryCode: 'GB',
    kycCountryCode: 'US',
  },
  {
    id: 100057,
    email: 'taxform@earn.test',
    what: 'KYC level 2, tax self-certification missing (orders answer 604)',
    kycLevel: 2,
    countryCode: 'KR',
  },
  {
    id: 100069,
    email: 'codes@earn.test',
    what: 'KYC level 2, used only by e2e/earn-codes.spec.ts (its own maintenance and limits)',
    kycLevel: 2,
    countryCode: 'DE',
  },
  {
    id: 100075,
    email: 'sheet-codes@earn.test',
    what: 'KYC level 2, used only by e2e/earn-codes-sheet.spec.ts (its own limits and KYC)',
    kycLevel: 2,
    countryCode: 'DE',
  },
]

/** Demo users, their tags and the whitelist; existing rows are left alone. */
export async function seedDemoIdentity(db: Database): Promise<void> {
  const ids = DEMO_ACCOUNTS.map((a) => a.id)
  const existing = new Set(
    (await db.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map((r) => r.id),
  )
  const missing = DEMO_ACCOUNTS.filter((a) => !existing.has(a.id))
  if (missing.length) {
    // One hash for all: the demo password is public anyway, and seeding stays fast in tests.
    const passwordHash = await hashPassword(DEMO_PASSWORD)
    await db
      .insert(users)
      .values(
        missing.map((a) => ({
          id: a.id,
          username: a.email.split('@')[0]!,
          email: a.email,
          mobile: null,
          passwordHash,
          emailVerified: true,
          countryCode: a.countryCode,
          lang: 'en',
          status: UserStatus.Active,
          isVip: Boolean(a.vip),
          vipLabelLevel: a.vip?.labelLevel ?? 0,
          kycLevel: a.kycLevel,
          // KYC verified the declared country for the demo accounts that passed it.
          kycCountryCode: a.kycLevel > 0 ? (a.kycCountryCode ?? a.countryCode) : null,
        })),
      )
      .onConflictDoNothing()
  }
  const tagRows = DEMO_ACCOUNTS.flatMap((a) => (a.tags ?? []).map((tag) => ({ userId: a.id, tag })))
  if (tagRows.length) await db.insert(userTags).values(tagRows).onConflictDoNothing()

  const whitelist = DEMO_ACCOUNTS.filter((a) => a.whitelisted).flatMap((a) =>
    GRAY_RELEASE_SCENES.map((scene) => ({ scene, userId: a.id })),
  )
  await db.insert(grayReleaseWhitelists).values(whitelist).onConflictDoNothing()
}

/** The web config every start serves (spec §7 config); existing rows are left alone. */
export async function seedWebConfig(db: Database): Promise<void> {
  await db
    .insert(configEntries)
    .values([
      // Structured products are internal (whitelist only); launchpool show is on for Stage2 ids.
      {
        projectName: CONFIG_PROJECT,
        name: stageKey(GrayReleaseScene.StructuredProducts),
        value: String(GrayReleaseStage.Internal),
      },
      {
        projectName: CONFIG_PROJECT,
        name: stageKey(GrayReleaseScene.LaunchpoolShow),
        value: String(GrayReleaseStage.Stage2),
      },
      { projectName: 'earn', name: 'earn_socket_enabled', value: 'true' },
      { projectName: 'earn', name: 'bill_export_enabled', value: 'true' },
      { projectName: 'earn', name: 'home_banner_title', value: 'Earn on idle assets' },
      { projectName: 'earn', name: 'home_banner_title:ar-SA', value: 'اكسب من أصولك' },
    ])
    .onConflictDoNothing()
}
