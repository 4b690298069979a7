import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { startParamFor } from '../../../../contract/start-param'
import { TelegramReminderCall } from '../../../../contract/telegram-reminders'
import { useReminders, useRemindersMutation } from '../../../lib/earn-data/reminders'
import { orderErrorKey } from '../../../lib/http/error-codes'
import { earnCall } from '../../../lib/http/earn-client'
import { RequestError } from '../../../lib/http/request-error'
import { i18n } from '../../../lib/i18n/i18n'
import { platformStore } from '../../../lib/platform/platform-store'
import { sessionStore } from '../../../lib/session/session-store'
import { miniAppLink } from '../../../lib/telegram/tma-config'
import { Button } from '../../../ui/button'

class WriteAccessRefused extends Error {
  override name = 'WriteAccessRefused'
}

/**
 * "Remind me" where a product cannot be bought yet (not started, sold out): inside Telegram it
 * asks for write access and sets a reminder the bot sends once; on the web it says reminders
 * come through the bot and links to the product in the mini-app.
 */
export function RemindButton({ productId }: { productId: string }) {
  const { t } = useTranslation()
  const { telegram } = useSnapshot(platformStore)
  const loggedIn = !!useSnapshot(sessionStore).userId
  const [explained, setExplained] = useState(false)
  const reminders = useReminders(telegram && loggedIn)
  const set = useRemindersMutation(async () => {
    const { askWriteAccess } = await import('../../../lib/telegram/telegram-write-access')
    if (!(await askWriteAccess())) throw new WriteAccessRefused()
    return earnCall(TelegramReminderCall.Set, { product_id: productId, language: i18n.language })
  })
  const button = { variant: 'secondary', block: true, 'data-testid': 'remind-me' } as const
  if (!telegram)
    return (
      <div className="flex flex-col gap-2" data-testid="remind">
        <Button
          {...button}
          aria-expanded={explained}
          aria-controls="remind-via-bot"
          onClick={() => setExplained(true)}
        >
          {t('reminders.remindMe')}
        </Button>
        {explained && (
          <p id="remind-via-bot" role="status" className="m-0 text-sm">
            {t('reminders.viaBot')}{' '}
            <a
              href={miniAppLink(startParamFor('product', productId))}
              target="_blank"
              rel="noopener noreferrer"
              className="text-[var(--earn-accent-strong)]"
            >
              {t('reminders.openBot')}
            </a>
          </p>
        )}
      </div>
    )
  const held = !!reminders.data?.list.some((r) => r.product_id === productId)
  const error = set.error
  return (
    <div className="flex flex-col gap-2" data-testid="remind">
      <Button
        {...button}
        busy={set.isPending}
        disabled={held || !loggedIn}
        onClick={() => set.mutate(undefined)}
      >
        {held ? t('reminders.set') : t('reminders.remindMe')}
      </Button>
      {held && (
        <p role="status" className="m-0 text-sm text-[var(--earn-hint)]">
          {t('reminders.setHint')}
        </p>
      )}
      {error && (
        <p role="alert" className="m-0 text-sm text-[var(--earn-negative)]">
          {t(
            error instanceof WriteAccessRefused
              ? 'reminders.writeAccess'
              : orderErrorKey(error instanceof RequestError ? error.code : undefined),
          )}
        </p>
      )}
    </div>
  )
}
