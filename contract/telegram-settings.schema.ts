import { z } from 'zod'

/**
 * confirm = hex HMAC-SHA256(biometric key, biometricMessage(challenge, call, body)): required,
 * with the `challenge` it signs, while biometry is on.
 */
export const biometricConfirm = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'hex HMAC-SHA256')
  .optional()
/** A challenge from get-biometry-challenge (32 random bytes, base64url): single use. */
export const biometryChallenge = z.string().regex(/^[\w-]{43}$/, '43 of A-Z a-z 0-9 _ -')

export const getBiometryChallengeRequest = z.object({}).strict()
export const getBiometryChallengeResponse = z.object({
  challenge: z.string(),
  /** Unix seconds after which the server no longer accepts it. */
  expires_at: z.number().int(),
})

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
    /** Every enrolment consumes one (a captured body cannot be sent again). */
    challenge: biometryChallenge,
    /** From an already enrolled device: signs the challenge, the call and device_id. */
    confirm: biometricConfirm,
  })
  .strict()
export const enrolBiometryResponse = z.object({
  device_id: z.string(),
  /** base64url of 32 bytes: stored with biometry.updateToken, never sent again. */
  key: z.string(),
})

export const disableBiometryRequest = z
  .object({
    device_id: deviceId,
    challenge: biometryChallenge.optional(),
    confirm: biometricConfirm,
  })
  .strict()
