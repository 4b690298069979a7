import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { TelegramShareCall } from '../../../../contract/telegram-share'
import { earnCall } from '../../../lib/http/earn-client'
import { SettingSection } from './setting-row'

/** Who invited the user (the invitation link of their first launch) and how many they invited. */
export function InvitationsSetting() {
  const { t } = useTranslation()
  const invitations = useQuery({
    queryKey: ['invitations'],
    queryFn: () => earnCall(TelegramShareCall.GetInvitations),
  })
  if (!invitations.data) return null
  const { invited_by: by, invited_count: count } = invitations.data
  return (
    <SettingSection id="invitations" title={t('settings.invitations.title')}>
      <p data-testid="invited-by" className="m-0 mt-1 text-sm">
        {by
          ? t('settings.invitations.invitedBy', { name: by.name })
          : t('settings.invitations.notInvited')}
      </p>
      <p data-testid="invited-count" className="m-0 mt-1 text-sm text-[var(--earn-hint)]">
        {t('settings.invitations.count', { count })}
      </p>
    </SettingSection>
  )
}
