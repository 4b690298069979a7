import { createHmac, timingSafeEqual } from 'node:crypto'
import { EXPORT_LIMITS, EXPORT_RECORD_PATHS } from '../../../contract/export-constants'
import { API_PREFIX } from '../../../contract/paths'

// A download link carries its record, expiry and an HMAC over both and the owner's id, so it
// works where no session cookie travels (Telegram openLink, the app launcher) yet only ever
// serves that owner's file, and only for 15 minutes.

const keyOf = (secret: string) => createHmac('sha256', secret).update('export-download').digest()

export function signDownload(
  secret: string,
  jobId: number,
  ownerId: number,
  expiresAt: number,
): string {
  return createHmac('sha256', keyOf(secret))
    .update(`${jobId}:${ownerId}:${expiresAt}`)
    .digest('base64url')
}

export function verifyDownload(
  secret: string,
  jobId: number,
  ownerId: number,
  expiresAt: number,
  sig: string,
): boolean {
  const expected = Buffer.from(signDownload(secret, jobId, ownerId, expiresAt))
  const given = Buffer.from(sig)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** The path and query of a fresh link (the caller adds the origin). */
export function downloadPath(
  secret: string,
  jobId: number,
  ownerId: number,
  nowSec: number,
): { path: string; expiresAt: number } {
  const expiresAt = nowSec + EXPORT_LIMITS.linkTtlSeconds
  const sig = signDownload(secret, jobId, ownerId, expiresAt)
  const file = EXPORT_RECORD_PATHS.file.replace(':record_id', () => String(jobId))
  return { path: `${API_PREFIX}${file}?expires=${expiresAt}&sig=${sig}`, expiresAt }
}
