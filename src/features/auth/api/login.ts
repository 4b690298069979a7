import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { LoginRequest, LoginResult } from '../../../../contract/identity.schema'
import { apiRequest } from '../../../lib/http/api-client'
import { clearProfileCache } from '../../../lib/http/profile-client'
import { getProfileQueryOptions } from './get-profile'
import { preferEmailSessionInTab } from './telegram-login'

export const LOGIN_PATH = '/v1/auth/login'

export const login = (body: LoginRequest) => apiRequest<LoginResult>('POST', LOGIN_PATH, body)

/** Email/password login; on success every user-dependent query is read again. */
export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: login,
    onSuccess: async () => {
      preferEmailSessionInTab()
      clearProfileCache()
      await queryClient.invalidateQueries({ queryKey: getProfileQueryOptions().queryKey })
    },
  })
}
