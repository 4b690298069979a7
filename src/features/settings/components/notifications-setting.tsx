import { useTranslation } from 'react-i18next'
import { TelegramSettingsCall as Call } from '../../../../contract/telegram-bot'
import type { TelegramSettings } from '../../../../contract/telegram-settings.schema'
import { earnCall } from '../../../lib/http/earn-client'
import { i18n } from '../../../lib/i18n/i18n'
import { useSettingsMutation } from '../api/telegram-settings'
import { WriteAccessRefused } from '../setting-errors'
import { SettingHint, SettingRow, Switch } from './setting-row'

/** Bot notifications (maturity, settlement, claimable yield, exports), opt-in. */
export function NotificationsSetting({
  settings,
  telegram,
}: {
  settings: TelegramSettings
  telegram: boolean
}) {
  const { t } = useTranslation()
  const change = useSettingsMutation(async (enabled: boolean) => {
    // Inside Telegram the bot may write only once the user allows it.
    if (enabled && telegram) {
      const { askWriteAccess } = await import('../../../lib/telegram/telegram-write-access')
      if (!(await askWriteAccess())) throw new WriteAccessRefused()
    }
    return earnCall(Call.SetNotifications, { enabled, language: i18n.language })
  })
  const linked = settings.telegram_linked
  return (
    <SettingRow
      id="notifications"
      title={t('settings.notifications')}
      hint={
        <SettingHint
          text={t(linked ? 'settings.notificationsHint' : 'settings.notificationsNeedTelegram')}
          error={change.error}
        />
      }
    >
      <Switch
        id="notifications"
        checked={settings.notifications}
        busy={change.isPending}
        disabled={!linked}
        onChange={(next) => change.mutate(next)}
      />
    </SettingRow>
  )
}
