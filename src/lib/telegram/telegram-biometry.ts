import { biometry, request2 } from '@tma.js/sdk-react'
import { RetCode } from '../../../contract/ret-codes'
import {
  biometricMessage,
  isConfirmedCall,
  TelegramSettingsCall,
} from '../../../contract/telegram-bot'
import { i18n } from '../i18n/i18n'
import { RequestError } from '../http/request-error'

/** The call that hands out a single-use challenge for the next confirmation (docs/security.md). */
export const BIOMETRY_CHALLENGE_CALL = TelegramSettingsCall.BiometryChallenge

// Biometric confirmation through the SDK's biometry component (Bot API 7.2), loaded on demand
// inside Telegram only. The server's key is kept by Telegram behind the phone's biometrics
// (updateToken) and read back only through authenticate().

export type BiometryDevice = { deviceId: string; type: string; tokenSaved: boolean }

/** Mounts biometry where the client allows it; null where there is none (desktop, web). */
export async function biometryDevice(): Promise<BiometryDevice | null> {
  if (!biometry.mount.isAvailable()) return null
  if (!biometry.isMounted()) await biometry.mount()
  const state = biometry.state()
  if (!state.available || !state.deviceId) return null
  return { deviceId: state.deviceId, type: state.type, tokenSaved: state.tokenSaved }
}

const reason = () => i18n.t('biometry.reason')

/** The user's permission for this bot to use the biometrics (asked once, when missing). */
export async function ensureBiometryAccess(): Promise<boolean> {
  if (!(await biometryDevice())) return false
  if (biometry.state().accessGranted) return true
  return biometry.requestAccess({ reason: reason() })
}

/** Stores the server's key behind the biometrics. */
export async function storeBiometryKey(key: string): Promise<boolean> {
  return (await biometry.updateToken({ token: key, reason: reason() })) === 'updated'
}

/** Removes this device's key from Telegram's storage. */
export async function dropBiometryKey(): Promise<void> {
  if (await biometryDevice()) await biometry.updateToken({ reason: reason() })
}

const refused = () =>
  new RequestError(
    i18n.t('errors.order.biometricRequired'),
    RetCode.BiometricConfirmationRequired,
    'biometry',
  )

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))
  return Uint8Array.from(raw, (c) => c.charCodeAt(0))
}

/** hex HMAC-SHA256(key, message) with Web Crypto: what the server checks as `confirm`. */
export async function hmacHex(key: string, message: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    base64UrlBytes(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = await crypto.subtle.sign('HMAC', cryptoKey, new TextEncoder().encode(message))
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * Asks for the biometrics and signs `message` with the key they release. A cancelled or failed
 * check, or a device without the key, is the server's 10428 with a readable text.
 */
export async function confirmWithBiometry(message: string): Promise<string> {
  if (!(await biometryDevice()) || !biometry.authenticate.isAvailable()) throw refused()
  const { status, token } = await releaseKey()
  if (status !== 'authorized' || !token) throw refused()
  return hmacHex(token, message)
}

/**
 * The biometric check itself (web_app_biometry_request_auth), asked without
 * `biometry.authenticate()`: that one keeps the released token in the SDK's state, which the SDK
 * saves to sessionStorage (`tapps/biometry`), so the key meant to stay behind the biometrics
 * would sit there in the clear for the tab's life. Here it lives only for the one signature.
 */
const releaseKey = () =>
  request2('web_app_biometry_request_auth', 'biometry_auth_requested', {
    params: { reason: reason() },
  })

/** A fresh single-use challenge from the server (get-biometry-challenge). */
export type ChallengeSource = () => Promise<{ challenge: string }>

/**
 * The body with a fresh server challenge and `confirm` = sign(biometricMessage(challenge, call,
 * body)): the signature holds for this call with this body, once. The challenge is fetched
 * before the biometric prompt (it is valid BIOMETRY_CHALLENGE_TTL_SECONDS).
 */
export async function signCall<B extends object>(
  call: string,
  body: B,
  challenge: ChallengeSource,
  sign: (message: string) => Promise<string> = confirmWithBiometry,
): Promise<B & { challenge: string; confirm: string }> {
  const fresh = (await challenge()).challenge
  return { ...body, challenge: fresh, confirm: await sign(biometricMessage(fresh, call, body)) }
}

/**
 * The body of an earn call from an enrolled device: a money move gains `challenge` and
 * `confirm`, signed after the biometric check; any other call goes as it is. (Here, in the lazy
 * chunk, so the table of confirmed calls costs the first load nothing.)
 */
export async function confirmCall<B extends object>(
  call: string,
  body: B,
  challenge: ChallengeSource,
): Promise<B> {
  return isConfirmedCall(call) ? signCall(call, body, challenge) : body
}
