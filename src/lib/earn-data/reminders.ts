import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { TelegramReminderCall as Call } from '../../../contract/telegram-reminders'
import type { Reminders } from '../../../contract/telegram-reminders.schema'
import { earnCall } from '../http/earn-client'

/** The user's reminders (Remind me, docs/telegram.md "Reminders"). */
export const remindersQueryOptions = () =>
  queryOptions({ queryKey: ['reminders'], queryFn: () => earnCall(Call.List) })

export const useReminders = (enabled: boolean) => useQuery({ ...remindersQueryOptions(), enabled })

/** A change of the reminders whose answer is the new list: the query follows it. */
export function useRemindersMutation<A>(fn: (arg: A) => Promise<Reminders>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: (list) => queryClient.setQueryData(remindersQueryOptions().queryKey, list),
  })
}

export const removeReminder = (productId: string) =>
  earnCall(Call.Remove, { product_id: productId })
