import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import {
  BIOMETRY_CHALLENGE_TTL_SECONDS,
  biometricMessage,
  TelegramSettingsCall,
} from '../../contract/telegram-bot'
import type { Database } from '../db/client'
import { biometricChallenges, biometricKeys } from '../db/schema'
import type { CurrentUser } from '../http/auth'
import { ApiError, RetCode } from '../http/errors'
import type { Executor } from '../modules/earn/money'
import type { BiometryVault } from './biometry-vault'

// Biometric confirmation (docs/telegram.md, docs/security.md round two item 4): enrolment hands
// a device a random key, which the Telegram client keeps behind the phone's biometrics
// (biometry.updateToken); the server keeps it sealed (biometry-vault.ts). While a user has any
// key, a confirmed call carries a single-use server challenge and confirm =
// HMAC-SHA256(key, biometricMessage(challenge, call, body)) from one of them: good for that
// call with that body, once.

export const hmacHex = (key: string, message: string) =>
  createHmac('sha256', Buffer.from(key, 'base64url')).update(message).digest('hex')

/** Unused challenges one user may hold; a further one replaces the oldest. */
export const MAX_OPEN_CHALLENGES = 10

const challengeId = (challenge: string) => createHash('sha256').update(challenge).digest('hex')

export type BiometryDeps = { db: Database; vault: BiometryVault }
type Body = { challenge?: string; confirm?: string }

export async function biometryDevices(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .select({ deviceId: biometricKeys.deviceId })
    .from(biometricKeys)
    .where(eq(biometricKeys.userId, userId))
    .orderBy(biometricKeys.createdAt)
  return rows.map((r) => r.deviceId)
}

/** get-biometry-challenge: a fresh random challenge, stored by its hash, valid a short while. */
export async function issueChallenge(
  db: Database,
  userId: number,
  now: Date,
): Promise<{ challenge: string; expires_at: number }> {
  const challenge = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + BIOMETRY_CHALLENGE_TTL_SECONDS * 1000)
  await db.transaction(async (tx) => {
    // The user's expired challenges go; of the open ones the newest MAX - 1 stay.
    const open = await tx
      .select({ id: biometricChallenges.id, expiresAt: biometricChallenges.expiresAt })
      .from(biometricChallenges)
      .where(eq(biometricChallenges.userId, userId))
      .orderBy(asc(biometricChallenges.createdAt))
    const live = open.filter((r) => r.expiresAt > now)
    const drop = [
      ...open.filter((r) => r.expiresAt <= now),
      ...live.slice(0, Math.max(0, live.length - (MAX_OPEN_CHALLENGES - 1))),
    ].map((r) => r.id)
    if (drop.length > 0)
      await tx.delete(biometricChallenges).where(inArray(biometricChallenges.id, drop))
    await tx
      .insert(biometricChallenges)
      .values({ id: challengeId(challenge), userId, createdAt: now, expiresAt })
  })
  return { challenge, expires_at: Math.floor(expiresAt.getTime() / 1000) }
}

/**
 * Consumes the challenge: true when it was the user's, unexpired and unused. One DELETE …
 * RETURNING, so of two servers presenting it at once exactly one gets the row.
 */
async function consumeChallenge(
  db: Executor,
  userId: number,
  challenge: string | undefined,
  now: Date,
): Promise<boolean> {
  if (!challenge) return false
  const rows = await db
    .delete(biometricChallenges)
    .where(
      and(
        eq(biometricChallenges.id, challengeId(challenge)),
        eq(biometricChallenges.userId, userId),
      ),
    )
    .returning({ expiresAt: biometricChallenges.expiresAt })
  return rows.length === 1 && rows[0]!.expiresAt > now
}

type Key = { deviceId: string; secret: string }

const keysOf = (db: Executor, userId: number): Promise<Key[]> =>
  db
    .select({ deviceId: biometricKeys.deviceId, secret: biometricKeys.secret })
    .from(biometricKeys)
    .where(eq(biometricKeys.userId, userId))

/** True when one of the keys signed biometricMessage(challenge, call, body) as `confirm`. */
function signedBy(vault: BiometryVault, userId: number, keys: Key[], call: string, body: Body) {
  const { challenge, confirm } = body
  if (!challenge || !confirm || !/^[0-9a-f]{64}$/.test(confirm)) return false
  const given = Buffer.from(confirm, 'hex')
  const message = biometricMessage(challenge, call, body)
  // Every key is checked (no early exit), so timing tells nothing about which matched.
  let ok = false
  for (const k of keys) {
    const key = vault.open(userId, k.deviceId, k.secret)
    ok = timingSafeEqual(Buffer.from(hmacHex(key, message), 'hex'), given) || ok
  }
  return ok
}

/** First key of the two-key advisory lock that serialises one user's enrolments. */
const BIOMETRY_LOCK = 0x18b10

const refused = (call: string) =>
  new ApiError(
    RetCode.BiometricConfirmationRequired,
    `biometric confirmation required: a challenge from ${TelegramSettingsCall.BiometryChallenge}` +
      ` (single use) and confirm = HMAC-SHA256(device key, biometricMessage(challenge, "${call}", body))`,
  )

/** Confirmed calls: pass when biometry is off, or `confirm` signs this call and body; else 10428. */
export async function requireConfirmation(
  deps: BiometryDeps,
  user: Pick<CurrentUser, 'id' | 'biometryEnrolled'>,
  call: string,
  body: Body,
  now: Date,
): Promise<void> {
  // Read with the session (issue 28: a round trip fewer per confirmed call): no key, nothing to ask.
  if (user.biometryEnrolled === false) return
  const userId = user.id
  const keys = await keysOf(deps.db, userId)
  if (keys.length === 0) return
  // The challenge goes first, even when the signature is wrong: every attempt costs one.
  const fresh = await consumeChallenge(deps.db, userId, body.challenge, now)
  if (!fresh || !signedBy(deps.vault, userId, keys, call, body)) throw refused(call)
}

/**
 * Issues a key for a device (replacing that device's old one). Every enrolment consumes a
 * challenge, so a captured body cannot be sent again. The first enrolment turns biometry on;
 * once on, another enrolment needs a confirmation from an enrolled device, so a stolen session
 * cannot add its own key.
 */
export async function enrolBiometry(
  deps: BiometryDeps,
  userId: number,
  body: { device_id: string } & Body,
  now: Date,
): Promise<{ device_id: string; key: string }> {
  const call = TelegramSettingsCall.EnrolBiometry
  const deviceId = body.device_id
  const key = randomBytes(32).toString('base64url')
  const secret = deps.vault.seal(userId, deviceId, key)
  // Consumed outside the transaction: a refused enrolment still used its challenge.
  if (!(await consumeChallenge(deps.db, userId, body.challenge, now))) throw refused(call)
  await deps.db.transaction(async (tx) => {
    // Serialises enrolments of one user (the first one needs no confirmation).
    await tx.execute(sql`select pg_advisory_xact_lock(${BIOMETRY_LOCK}, ${userId})`)
    const keys = await keysOf(tx, userId)
    if (keys.length > 0 && !signedBy(deps.vault, userId, keys, call, body)) throw refused(call)
    await tx
      .insert(biometricKeys)
      .values({ userId, deviceId, secret, createdAt: now })
      .onConflictDoUpdate({
        target: [biometricKeys.userId, biometricKeys.deviceId],
        set: { secret, createdAt: now },
      })
  })
  return { device_id: deviceId, key }
}

/** Turns biometry off (every device's key goes); needs one more confirmation. */
export async function disableBiometry(
  deps: BiometryDeps,
  userId: number,
  body: { device_id: string } & Body,
  now: Date,
): Promise<void> {
  const call = TelegramSettingsCall.DisableBiometry
  if ((await keysOf(deps.db, userId)).length === 0) return
  const fresh = await consumeChallenge(deps.db, userId, body.challenge, now)
  await deps.db.transaction(async (tx) => {
    const keys = await keysOf(tx, userId)
    if (keys.length === 0) return
    if (!fresh || !signedBy(deps.vault, userId, keys, call, body)) throw refused(call)
    await tx.delete(biometricKeys).where(eq(biometricKeys.userId, userId))
  })
}
