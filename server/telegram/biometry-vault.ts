import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { like, not, and, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { biometricKeys } from '../db/schema'

// Biometric keys at rest (docs/security.md, round two item 4): AES-256-GCM under a key derived
// from BIOMETRY_KEY_SECRET with HKDF-SHA256. The row's user and device are the additional data,
// so a sealed key copied into another row does not open.

const PREFIX = 'g1.'

export type BiometryVault = {
  seal(userId: number, deviceId: string, key: string): string
  /** The plain key; throws when the value was not sealed by this secret for this row. */
  open(userId: number, deviceId: string, sealed: string): string
}

const aad = (userId: number, deviceId: string) => Buffer.from(`${userId}:${deviceId}`)

export function biometryVault(secret: string): BiometryVault {
  const key = Buffer.from(hkdfSync('sha256', secret, 'earn', 'biometric-keys/aes-256-gcm/1', 32))
  return {
    seal(userId, deviceId, plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(userId, deviceId))
      const body = Buffer.concat([
        cipher.update(plain, 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ])
      return `${PREFIX}${iv.toString('base64url')}.${body.toString('base64url')}`
    },
    open(userId, deviceId, sealed) {
      const [iv, body] = sealed.startsWith(PREFIX) ? sealed.slice(PREFIX.length).split('.') : []
      if (!iv || !body) throw new Error('biometric key is not sealed')
      const raw = Buffer.from(body, 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
        .setAAD(aad(userId, deviceId))
        .setAuthTag(raw.subarray(raw.length - 16))
      return Buffer.concat([
        decipher.update(raw.subarray(0, raw.length - 16)),
        decipher.final(),
      ]).toString('utf8')
    },
  }
}

/**
 * Seals the keys stored in plain text before keys were sealed (migration 0011): run at start,
 * after the migrations. A plain key is 43 base64url characters and never starts with `g1.`.
 * Returns how many were converted.
 */
export async function sealPlainBiometricKeys(db: Database, vault: BiometryVault): Promise<number> {
  const plain = await db
    .select()
    .from(biometricKeys)
    .where(not(like(biometricKeys.secret, `${PREFIX}%`)))
  for (const row of plain)
    await db
      .update(biometricKeys)
      .set({ secret: vault.seal(row.userId, row.deviceId, row.secret) })
      .where(
        and(
          eq(biometricKeys.userId, row.userId),
          eq(biometricKeys.deviceId, row.deviceId),
          eq(biometricKeys.secret, row.secret),
        ),
      )
  return plain.length
}

const vaults = new Map<string, BiometryVault>()
/** The vault of a configuration (one per secret: the key is derived once). */
export function vaultOf(config: { BIOMETRY_KEY_SECRET: string }): BiometryVault {
  let v = vaults.get(config.BIOMETRY_KEY_SECRET)
  if (!v) vaults.set(config.BIOMETRY_KEY_SECRET, (v = biometryVault(config.BIOMETRY_KEY_SECRET)))
  return v
}
