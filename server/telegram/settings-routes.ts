import { Hono } from 'hono'
import { TelegramSettingsCall as Call } from '../../contract/telegram-bot'
import {
  disableBiometryRequest,
  enrolBiometryRequest,
  getTelegramSettingsRequest,
  setNotificationsRequest,
  type TelegramSettings,
} from '../../contract/telegram-settings.schema'
import type { AppContext } from '../app'
import { requireUser } from '../http/auth'
import { envelope, readJson } from '../http/envelope'
import { ApiError, RetCode } from '../http/errors'
import { biometryDevices, disableBiometry, enrolBiometry } from './biometry'
import { notificationSettings, setNotifications } from './notifications'

/** The settings the server enforces: bot notifications and biometric confirmation. */
export function telegramSettingsRoutes(deps: AppContext): Hono {
  const { db, clock } = deps
  const ok = <T>(result: T) => envelope(result, clock)
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
  return new Hono()
    .post(`/${Call.Get}`, async (c) => {
      await readJson(c, getTelegramSettingsRequest)
      const user = await requireUser(c)
      return c.json(ok(await settingsOf(user.id)))
    })
    .post(`/${Call.SetNotifications}`, async (c) => {
      const req = await readJson(c, setNotificationsRequest)
      const user = await requireUser(c)
      if (req.enabled && !(await notificationSettings(db, user.id)).telegram_linked)
        throw new ApiError(
          RetCode.NoPermission,
          'notifications come through the Telegram bot: open Earn in Telegram first',
        )
      await setNotifications(db, user.id, req.enabled, req.language, clock.now())
      return c.json(ok(await settingsOf(user.id)))
    })
    .post(`/${Call.EnrolBiometry}`, async (c) => {
      const req = await readJson(c, enrolBiometryRequest)
      const user = await requireUser(c)
      return c.json(ok(await enrolBiometry(db, user.id, req.device_id, req.confirm, clock.now())))
    })
    .post(`/${Call.DisableBiometry}`, async (c) => {
      const req = await readJson(c, disableBiometryRequest)
      const user = await requireUser(c)
      await disableBiometry(db, user.id, req.device_id, req.confirm)
      return c.json(ok(await settingsOf(user.id)))
    })
}
