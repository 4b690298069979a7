import { queryOptions, useQuery } from '@tanstack/react-query'
import type { UserProfile } from '../../../../contract/identity.schema'
import { fetchProfile, NO_PERMISSION_CODES } from '../../../lib/http/profile-client'
import { RequestError } from '../../../lib/http/request-error'
import { sessionReady } from '../session-ready'

/** The signed-in user's profile, or null for a visitor who is not logged in. */
export async function getProfile(): Promise<UserProfile | null> {
  // Inside Telegram the automatic login must finish before we ask who is calling.
  await sessionReady()
  try {
    return await fetchProfile()
  } catch (err) {
    if (err instanceof RequestError && NO_PERMISSION_CODES.includes(err.code)) return null
    throw err
  }
}

export const getProfileQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'profile'], queryFn: getProfile, staleTime: 60_000 })

export const useProfile = () => useQuery(getProfileQueryOptions())
