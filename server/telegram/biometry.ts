import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { biometricMessage } from '../../contract/telegram-bot'
import type { Database } from '../db/client'
import { biometricKeys } from '../db/schema'
import { ApiError, RetCode } from '../http/errors'
import type { Executor } from '../modules/earn/money'

// Biometric confirmation (docs/telegram.md): enrolment hands a device a random key, which the
// Telegram client keeps behind the phone's biometrics (biometry.updateToken). While a user has
// any key, money moves carry confirm = HMAC-SHA256(key, message) from one of them.

export const hmacHex = (key: string, message: string) =>
  createHmac('sha256', Buffer.from(key, 'base64url')).update(message).digest('hex')

export async function biometryDevices(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .select({ deviceId: biometricKeys.deviceId })
    .from(biometricKeys)
    .where(eq(biometricKeys.userId, userId))
    .orderBy(biometricKeys.createdAt)
  return rows.map((r) => r.deviceId)
}

/** True when some enrolled key of the user signed `message` as `confirm`. */
async function confirmedBy(
  db: Executor,
  userId: number,
  message: string,
  confirm: string | undefined,
): Promise<boolean | 'off'> {
  const keys = await db
    .select({ secret: biometricKeys.secret })
    .from(biometricKeys)
    .where(eq(biometricKeys.userId, userId))
  if (keys.length === 0) return 'off'
  if (!confirm || !/^[0-9a-f]{64}$/.test(confirm)) return false
  const given = Buffer.from(confirm, 'hex')
  // Every key is checked (no early exit), so timing tells nothing about which matched.
  let ok = false
  for (const k of keys)
    ok = timingSafeEqual(Buffer.from(hmacHex(k.secret, message), 'hex'), given) || ok
  return ok
}

/** First key of the two-key advisory lock that serialises one user's enrolments. */
const BIOMETRY_LOCK = 0x18b10

const refused = (what: string) =>
  new ApiError(
    RetCode.BiometricConfirmationRequired,
    `biometric confirmation required: confirm = HMAC-SHA256(device key, ${what})`,
  )

/** Money moves: passes when biometry is off, or `confirm` signs `message`; else 10428. */
export async function requireConfirmation(
  db: Executor,
  userId: number,
  message: string,
  confirm: string | undefined,
): Promise<void> {
  if (!(await confirmedBy(db, userId, message, confirm))) throw refused(JSON.stringify(message))
}

/**
 * Issues a key for a device (replacing that device's old one). The first enrolment turns
 * biometry on; once on, another enrolment needs a confirmation from an enrolled device, so a
 * stolen session cannot add its own key.
 */
export async function enrolBiometry(
  db: Database,
  userId: number,
  deviceId: string,
  confirm: string | undefined,
  now: Date,
): Promise<{ device_id: string; key: string }> {
  const key = randomBytes(32).toString('base64url')
  await db.transaction(async (tx) => {
    // Serialises enrolments of one user (the first one needs no confirmation).
    await tx.execute(sql`select pg_advisory_xact_lock(${BIOMETRY_LOCK}, ${userId})`)
    if ((await confirmedBy(tx, userId, biometricMessage.enrol(deviceId), confirm)) === false)
      throw refused(`"enrol:${deviceId}"`)
    await tx
      .insert(biometricKeys)
      .values({ userId, deviceId, secret: key, createdAt: now })
      .onConflictDoUpdate({
        target: [biometricKeys.userId, biometricKeys.deviceId],
        set: { secret: key, createdAt: now },
      })
  })
  return { device_id: deviceId, key }
}

/** Turns biometry off (every device's key goes); needs one more confirmation. */
export async function disableBiometry(
  db: Database,
  userId: number,
  deviceId: string,
  confirm: string | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    const ok = await confirmedBy(tx, userId, biometricMessage.disable(deviceId), confirm)
    if (ok === 'off') return
    if (!ok) throw refused(`"disable:${deviceId}"`)
    await tx.delete(biometricKeys).where(eq(biometricKeys.userId, userId))
  })
}
