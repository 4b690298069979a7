import { z } from 'zod'

/** confirm = hex HMAC-SHA256(biometric key, message): required while biometry is on. */
export const biometricConfirm = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'hex HMAC-SHA256')
  .optional()

/** A device's id for its biometric key (the client's random id, kept in its storage). */
export const deviceId = z.string().regex(/^[\w-]{8,64}$/, '8-64 of A-Z a-z 0-9 _ -')

export const getTelegramSettingsRequest = z.object({}).strict()
export const telegramSettings = z.object({
  /** Bot notifications on (they need a linked Telegram account). */
  notifications: z.boolean(),
  /** The notifications' text language (a locale folder). */
  language: z.string(),
  telegram_linked: z.boolean(),
  /** Money moves need a biometric confirmation. */
  biometry: z.boolean(),
  /** Devices holding a key (the client knows its own device_id). */
  biometry_devices: z.array(z.string()),
})
export type TelegramSettings = z.infer<typeof telegramSettings>

export const setNotificationsRequest = z
  .object({
    enabled: z.boolean(),
    /** The app's language, for the messages' texts. */
    language: z.string().min(2).max(16).optional(),
  })
  .strict()

export const enrolBiometryRequest = z
  .object({
    device_id: deviceId,
    /** From an already enrolled device: biometricMessage.enrol(device_id). */
    confirm: biometricConfirm,
  })
  .strict()
export const enrolBiometryResponse = z.object({
  device_id: z.string(),
  /** base64url of 32 bytes: stored with biometry.updateToken, never sent again. */
  key: z.string(),
})

export const disableBiometryRequest = z
  .object({ device_id: deviceId, confirm: biometricConfirm })
  .strict()
