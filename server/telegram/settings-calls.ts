import { TelegramSettingsCall as Call } from '../../contract/telegram-bot'
import type { TelegramSettings } from '../../contract/telegram-settings.schema'
import type { AppContext } from '../deps'
import { requireUser } from '../http/auth'
import { earnCall } from '../http/earn-call'
import { ApiError, RetCode } from '../http/errors'
import { biometryDevices, disableBiometry, enrolBiometry, issueChallenge } from './biometry'
import { vaultOf } from './biometry-vault'
import { notificationSettings, setNotifications } from './notifications'

/** The settings the server enforces: bot notifications and biometric confirmation. */
export function telegramSettingsCalls(deps: Pick<AppContext, 'db' | 'clock' | 'config'>) {
  const { db, clock } = deps
  const bio = { db, vault: vaultOf(deps.config) }
  const settingsOf = async (userId: number): Promise<TelegramSettings> => {
    const n = await notificationSettings(db, userId)
    const devices = await biometryDevices(db, userId)
    return {
      notifications: n.enabled,
      language: n.language,
      telegram_linked: n.telegram_linked,
      biometry: devices.length > 0,
      biometry_devices: devices,
    }
  }
  return [
    earnCall(Call.Get, async (_req, c) => settingsOf((await requireUser(c)).id)),
    earnCall(Call.SetNotifications, async (req, c) => {
      const user = await requireUser(c)
      if (req.enabled && !(await notificationSettings(db, user.id)).telegram_linked)
        throw new ApiError(
          RetCode.NoPermission,
          'notifications come through the Telegram bot: open Earn in Telegram first',
        )
      await setNotifications(db, user.id, req.enabled, req.language, clock.now())
      return settingsOf(user.id)
    }),
    earnCall(Call.EnrolBiometry, async (req, c) => {
      const user = await requireUser(c)
      return enrolBiometry(bio, user.id, req, clock.now())
    }),
    earnCall(Call.BiometryChallenge, async (_req, c) =>
      issueChallenge(db, (await requireUser(c)).id, clock.now()),
    ),
    earnCall(Call.DisableBiometry, async (req, c) => {
      const user = await requireUser(c)
      await disableBiometry(bio, user.id, req, clock.now())
      return settingsOf(user.id)
    }),
  ]
}
