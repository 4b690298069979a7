import type { KycInfo, KycInfoRequest, UserProfile } from '../../../contract/identity.schema'
import { PROFILE_PATH } from '../../../contract/paths'
import { RetCode } from '../../../contract/ret-codes'
import { setAnalyticsUserId } from '../analytics/analytics-user'
import { profilePlatformHeader, xUserAgent } from '../platform/platform-store'
import { sessionStore } from '../session/session-store'
import { apiBase } from './api-origin'
import { NON_RESPONSE, readEnvelope } from './envelope'
import { apiHeaders } from './api-client'
import { lazyFetch } from './lazy-fetch'
import { loginRedirect } from './login-redirect'
import { GatewayError, RequestError } from './request-error'

export const KYC_INFO_PATH = '/v3/private/kyc/kyc-info'
/** Codes the profile client reads as "user no permission" (spec §8; 100007 is 10007's variant). */
export const NO_PERMISSION_CODES: readonly number[] = [
  RetCode.LoginExpired,
  RetCode.LoginExpiredAlt,
  RetCode.UserNoPermission,
  RetCode.NoPermission,
]
export const USER_NO_PERMISSION = 'user no permission'
export const BAD_BUSINESS_RET_CODE = 'bad business ret_code'

const profileFetch = lazyFetch({ credentials: 'include', retry: 0, ignoreResponseError: true })

let cachedProfile: Promise<UserProfile> | null = null

export function clearProfileCache(): void {
  cachedProfile = null
}

/** The profile client's reading of the shared envelope errors (spec §8). */
function profileError(err: unknown, profileCall: boolean): unknown {
  if (!(err instanceof RequestError) || err instanceof GatewayError) return err
  if (err.message === NON_RESPONSE && err.code === -1) return err
  if (NO_PERMISSION_CODES.includes(err.code)) {
    if (!profileCall) clearProfileCache()
    return new RequestError(USER_NO_PERMISSION, err.code, err.url, err.response)
  }
  return new RequestError(BAD_BUSINESS_RET_CODE, err.code, err.url, err.response)
}

async function profileRequest<T>(
  path: string,
  init: { method: 'GET' | 'POST'; body?: object },
  profileCall: boolean,
): Promise<T> {
  const url = `${apiBase()}${path}`
  const res = await (
    await profileFetch()
  )<unknown>(url, {
    ...init,
    headers: { ...apiHeaders(), Platform: profilePlatformHeader(), 'X-User-Agent': xUserAgent() },
  })
  try {
    return readEnvelope<T>(res, url, { profileCall })
  } catch (err) {
    throw profileError(err, profileCall)
  }
}

/** The signed-in user's profile, fetched once and shared until cleared. */
export function fetchProfile(options: { fresh?: boolean } = {}): Promise<UserProfile> {
  if (options.fresh) clearProfileCache()
  if (!cachedProfile) {
    const request = profileRequest<UserProfile>(PROFILE_PATH, { method: 'GET' }, true).then(
      (profile) => {
        sessionStore.userId = profile.id
        setAnalyticsUserId(profile.id)
        return profile
      },
    )
    // A failed fetch is not cached: the next caller asks again.
    request.catch(() => {
      if (cachedProfile === request) cachedProfile = null
    })
    cachedProfile = request
  }
  return cachedProfile
}

/** KYC info with the flags of spec §7; response applicant.level. */
export const fetchKycInfo = (flags: KycInfoRequest = {}) =>
  profileRequest<KycInfo>(KYC_INFO_PATH, { method: 'POST', body: flags }, false)

// In the app webview an expired login re-fetches the profile before reloading (spec §8).
loginRedirect.refetchProfile = () => fetchProfile({ fresh: true })
