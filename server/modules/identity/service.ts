import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import {
  UserStatus,
  type RegisterRequest,
  type UserProfile,
} from '../../../contract/identity.schema'
import type { Database } from '../../db/client'
import { telegramLinks, users } from '../../db/schema'
import { dummyPasswordHash, hashPassword, verifyPassword } from './password'
import type { TelegramUser } from './telegram-init-data'

type UserRow = typeof users.$inferSelect

const randomSuffix = () => randomBytes(3).toString('hex')

/**
 * Creates an email account; null when the email is taken (after the same hashing work, so
 * the two cases take the same time and the caller answers them alike).
 */
export async function registerUser(
  db: Database,
  input: Omit<RegisterRequest, 'email'> & { email: string },
): Promise<UserRow | null> {
  const passwordHash = await hashPassword(input.password)
  const [row] = await db
    .insert(users)
    .values({
      username: `${input.email.split('@')[0]!.slice(0, 24)}_${randomSuffix()}`,
      email: input.email,
      passwordHash,
      countryCode: input.country_code ?? '',
      lang: input.lang ?? 'en',
      parentMemberId: input.parent_member_id ?? null,
      status: UserStatus.Active,
    })
    .onConflictDoNothing()
    .returning()
  return row ?? null
}

/** The user for an email and password, or null; an unknown email costs the same time. */
export async function authenticate(
  db: Database,
  email: string,
  password: string,
): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  const stored = row?.passwordHash ?? (await dummyPasswordHash())
  const ok = await verifyPassword(password, stored)
  return ok && row?.passwordHash ? row : null
}

/**
 * The account linked to a Telegram user; created and linked at the first launch. `invitedBy`
 * (the member id of a launch's or /start's invitation) becomes the new account's
 * parent_member_id when that member exists; an existing account keeps its own (never
 * overwritten), and a new account cannot be its own inviter (its id did not exist before).
 */
export async function userForTelegram(
  db: Database,
  tg: TelegramUser,
  now: Date,
  invitedBy: number | null = null,
): Promise<{ user: UserRow; created: boolean }> {
  const linked = await findLinkedUser(db, tg.id)
  if (linked) {
    // Names and photos change in Telegram: each login brings the link up to date.
    await db
      .update(telegramLinks)
      .set(telegramProfileOf(tg))
      .where(eq(telegramLinks.telegramUserId, tg.id))
    return { user: linked, created: false }
  }
  try {
    const user = await db.transaction(async (tx) => {
      const [inviter] = invitedBy
        ? await tx.select({ id: users.id }).from(users).where(eq(users.id, invitedBy)).limit(1)
        : []
      const [created] = await tx
        .insert(users)
        .values({
          username: `tg_${tg.id}`,
          lang: tg.language_code?.slice(0, 16) || 'en',
          parentMemberId: inviter?.id ?? null,
          status: UserStatus.Active,
        })
        .returning()
      await tx.insert(telegramLinks).values({
        telegramUserId: tg.id,
        userId: created!.id,
        ...telegramProfileOf(tg),
        linkedAt: now,
      })
      return created!
    })
    return { user, created: true }
  } catch (err) {
    // Two first launches at once: the other one linked the account; use it.
    const raced = await findLinkedUser(db, tg.id)
    if (raced) return { user: raced, created: false }
    throw err
  }
}

/** What the link keeps of the Telegram user, as of the latest login. */
const telegramProfileOf = (tg: TelegramUser) => ({
  telegramUsername: tg.username ?? null,
  firstName: tg.first_name,
  photoUrl: tg.photo_url ?? null,
})

/** The Telegram name and photo of a linked account, or null for other accounts. */
export async function telegramProfileFor(
  db: Database,
  userId: number,
): Promise<{ firstName: string; photoUrl: string | null } | null> {
  const [row] = await db
    .select({ firstName: telegramLinks.firstName, photoUrl: telegramLinks.photoUrl })
    .from(telegramLinks)
    .where(eq(telegramLinks.userId, userId))
    .limit(1)
  return row ?? null
}

async function findLinkedUser(db: Database, telegramUserId: number): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(telegramLinks)
    .innerJoin(users, eq(users.id, telegramLinks.userId))
    .where(eq(telegramLinks.telegramUserId, telegramUserId))
    .limit(1)
  return row?.user ?? null
}

export async function userById(db: Database, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row ?? null
}

/** "ab***@example.com": enough to recognise, not enough to harvest. */
export function vagueEmail(email: string | null): string {
  if (!email) return ''
  const [local = '', domain = ''] = email.split('@')
  return `${local.slice(0, 2)}***@${domain}`
}

/** "+44****1234". */
export function vagueMobile(mobile: string | null): string {
  if (!mobile) return ''
  return mobile.length <= 6 ? '****' : `${mobile.slice(0, 3)}****${mobile.slice(-4)}`
}

export function toProfile(
  u: UserRow,
  telegram?: { firstName: string; photoUrl: string | null } | null,
): UserProfile {
  return {
    id: u.id,
    username: u.username,
    first_name: telegram?.firstName ?? '',
    photo_url: telegram?.photoUrl ?? '',
    vague_email: vagueEmail(u.email),
    vague_mobile: vagueMobile(u.mobile),
    mobile_verified: u.mobileVerified,
    email_verified: u.emailVerified,
    has_google2fa: u.hasGoogle2fa,
    country_code: u.countryCode,
    lang: u.lang,
    parent_member_id: u.parentMemberId ?? 0,
    status: u.status as UserStatus,
    loyalty_vip_info: { is_vip: u.isVip, label_level: u.vipLabelLevel },
  }
}

/** Who invited the user (id and a name to show), and how many accounts the user invited. */
export async function invitationsOf(
  db: Database,
  userId: number,
): Promise<{ invitedBy: { id: number; name: string } | null; invitedCount: number }> {
  const [row] = await db
    .select({ parent: users.parentMemberId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.parentMemberId, userId))
  const parent = row?.parent ? await userById(db, row.parent) : null
  const telegram = parent ? await telegramProfileFor(db, parent.id) : null
  return {
    invitedBy: parent ? { id: parent.id, name: telegram?.firstName || parent.username } : null,
    invitedCount: count?.n ?? 0,
  }
}

/** Counts users; tests use it to prove a refused call changed nothing. */
export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users)
  return row?.n ?? 0
}
