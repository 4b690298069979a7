import { useTranslation } from 'react-i18next'
import { ReminderEvent } from '../../../../contract/telegram-reminders'
import {
  removeReminder,
  useReminders,
  useRemindersMutation,
} from '../../../lib/earn-data/reminders'
import { Button } from '../../../ui/button'
import { SettingHint, SettingSection } from './setting-row'

/** The user's "Remind me" reminders, each removable (the bot then sends nothing for it). */
export function RemindersSetting() {
  const { t } = useTranslation()
  const reminders = useReminders(true)
  const remove = useRemindersMutation(removeReminder)
  if (!reminders.data) return null
  const { list } = reminders.data
  return (
    <SettingSection id="reminders" title={t('reminders.title')}>
      <p className="m-0 mt-1 text-sm text-[var(--earn-hint)]">
        <SettingHint
          text={list.length ? t('reminders.hint') : t('reminders.none')}
          error={remove.error}
        />
      </p>
      {list.length > 0 && (
        <ul className="m-0 mt-2 flex list-none flex-col gap-2 p-0">
          {list.map((r) => {
            const product = `${r.coin} ${t(`products.types.${r.product_type}`)}`
            return (
              <li
                key={r.product_id}
                data-testid={`reminder-${r.product_id}`}
                className="flex items-center justify-between gap-3"
              >
                <span className="flex flex-col">
                  <span className="font-600">{product}</span>
                  <span className="text-sm text-[var(--earn-hint)]">
                    {t(
                      r.event === ReminderEvent.Open ? 'reminders.whenOpen' : 'reminders.whenQuota',
                    )}
                  </span>
                </span>
                <Button
                  variant="secondary"
                  busy={remove.isPending && remove.variables === r.product_id}
                  aria-label={t('reminders.removeLabel', { product })}
                  onClick={() => remove.mutate(r.product_id)}
                >
                  {t('reminders.remove')}
                </Button>
              </li>
            )
          })}
        </ul>
      )}
    </SettingSection>
  )
}
