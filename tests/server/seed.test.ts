import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coins, grayReleaseWhitelists, userTags, users } from '../../server/db/schema'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed-identity'
import { seedDatabase } from '../../server/db/seed'
import { verifyPassword } from '../../server/modules/identity/password'
import { createTestApp, type TestApp } from '../support/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('seed data', () => {
  it('has at least 30 real coins with the spec precisions', async () => {
    const rows = await t.db.select().from(coins)
    expect(rows.length).toBeGreaterThanOrEqual(30)
    const digits = Object.fromEntries(rows.map((r) => [r.name, r.assetDigits]))
    expect(digits).toMatchObject({ BIT: 8, MATIC: 4, LTC: 8 })
    for (const r of rows) {
      expect(r.iconLight).toMatch(/^\/coins\/[a-z]+-light\.svg$/)
      expect(r.iconDark).toMatch(/^\/coins\/[a-z]+-dark\.svg$/)
    }
  })

  it('has demo users for KYC 0, 1, 2, tag-blocked, whitelisted and compliance-walled', async () => {
    const rows = await t.db.select().from(users)
    const levels = new Set(rows.map((r) => r.kycLevel))
    expect(levels).toEqual(new Set([0, 1, 2]))
    const tags = await t.db.select().from(userTags)
    expect(tags.map((x) => x.tag)).toContain('tag_blocked')
    expect((await t.db.select().from(grayReleaseWhitelists)).length).toBeGreaterThan(0)
    // Walled by the KYC-verified country, not the declared one.
    expect(rows.some((r) => r.kycCountryCode === 'US' && r.countryCode !== 'US')).toBe(true)
    const kyc0 = rows.find((r) => r.email === DEMO_ACCOUNTS[0]!.email)!
    expect(await verifyPassword(DEMO_PASSWORD, kyc0.passwordHash!)).toBe(true)
    expect(await verifyPassword('wrong-password', kyc0.passwordHash!)).toBe(false)
  })

  it('is idempotent: seeding again changes nothing', async () => {
    const before = await t.db.select().from(users).where(eq(users.id, DEMO_ACCOUNTS[0]!.id))
    await seedDatabase(t.db, t.clock.now(), { demo: true })
    const after = await t.db.select().from(users).where(eq(users.id, DEMO_ACCOUNTS[0]!.id))
    expect(after).toEqual(before)
    expect((await t.db.select().from(coins)).length).toBeGreaterThanOrEqual(30)
  })
})
