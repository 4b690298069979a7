import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { TelegramSettingsCall as Call } from '../../../../contract/telegram-bot'
import type { TelegramSettings } from '../../../../contract/telegram-settings.schema'
import { earnCall } from '../../../lib/http/earn-client'

/** What the server enforces for the user: bot notifications and biometric confirmation. */
export const telegramSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['telegram-settings'],
    queryFn: () => earnCall(Call.Get),
  })

export const useTelegramSettings = (enabled: boolean) =>
  useQuery({ ...telegramSettingsQueryOptions(), enabled })

/** A mutation whose answer is the new settings (or which changes them): the query follows. */
export function useSettingsMutation<A>(fn: (arg: A) => Promise<TelegramSettings | unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: (answer) => {
      if (answer && typeof answer === 'object' && 'biometry_devices' in answer)
        queryClient.setQueryData(
          telegramSettingsQueryOptions().queryKey,
          answer as TelegramSettings,
        )
      else void queryClient.invalidateQueries(telegramSettingsQueryOptions())
    },
  })
}
