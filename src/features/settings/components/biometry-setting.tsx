import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TelegramSettingsCall as Call } from '../../../../contract/telegram-bot'
import type { TelegramSettings } from '../../../../contract/telegram-settings.schema'
import { earnCall } from '../../../lib/http/earn-client'
import { enrolledBiometryDevice } from '../../../lib/telegram/biometry-device'
import { setEnrolledBiometryDevice } from '../../../lib/telegram/biometry-enrolment'
import type { BiometryDevice } from '../../../lib/telegram/telegram-biometry'
import { useSettingsMutation } from '../api/telegram-settings'
import { BiometryRefused, OtherDeviceEnrolled } from '../setting-errors'
import { SettingHint, SettingRow, Switch } from './setting-row'

/** A single-use challenge for the next biometric confirmation (docs/security.md). */
const biometryChallenge = () => earnCall(Call.BiometryChallenge)

const loadBiometry = () => import('../../../lib/telegram/telegram-biometry')

/**
 * Biometric confirmation of money moves (docs/telegram.md). Shown only where the client has
 * biometrics (not on Telegram Desktop or the web): there is nothing to confirm with elsewhere.
 */
export function BiometrySetting({ settings }: { settings: TelegramSettings }) {
  const { t } = useTranslation()
  const [device, setDevice] = useState<BiometryDevice | null>(null)
  useEffect(() => {
    let live = true
    void loadBiometry()
      .then((m) => m.biometryDevice())
      .then(
        (d) => live && setDevice(d),
        (err: unknown) => console.warn('[biometry]', err),
      )
    return () => {
      live = false
    }
  }, [])
  const change = useSettingsMutation(async (on: boolean) => {
    const bio = await loadBiometry()
    const deviceId = device!.deviceId
    if (!on) {
      // Turning it off is a money-safety change: one more confirmation.
      const signed = await bio.signCall(
        Call.DisableBiometry,
        { device_id: deviceId },
        biometryChallenge,
      )
      const answer = await earnCall(Call.DisableBiometry, signed)
      await bio.dropBiometryKey().catch(() => undefined)
      setEnrolledBiometryDevice(null)
      return answer
    }
    const ownKey = enrolledBiometryDevice() === deviceId
    // Another device holds the key: only it can sign this one's enrolment.
    if (settings.biometry && !settings.biometry_devices.includes(deviceId) && !ownKey)
      throw new OtherDeviceEnrolled()
    if (!(await bio.ensureBiometryAccess())) throw new BiometryRefused()
    // Every enrolment spends a challenge; a further device's is signed by an enrolled one.
    const enrol = settings.biometry
      ? await bio.signCall(Call.EnrolBiometry, { device_id: deviceId }, biometryChallenge)
      : { device_id: deviceId, challenge: (await biometryChallenge()).challenge }
    const { key } = await earnCall(Call.EnrolBiometry, enrol)
    if (!(await bio.storeBiometryKey(key))) {
      // The server holds a key this device could not keep: sign the way back with it.
      const undo = await bio.signCall(
        Call.DisableBiometry,
        { device_id: deviceId },
        biometryChallenge,
        (message) => bio.hmacHex(key, message),
      )
      await earnCall(Call.DisableBiometry, undo)
      throw new BiometryRefused()
    }
    setEnrolledBiometryDevice(deviceId)
    return null
  })
  const on = !!device && settings.biometry_devices.includes(device.deviceId)
  // The server is the record: this device's flag follows it (storage cleared, or biometry
  // turned off from another device), so money moves are signed exactly when they must be.
  useEffect(() => {
    if (device && !change.isPending) setEnrolledBiometryDevice(on ? device.deviceId : null)
  }, [device, on, change.isPending])
  if (!device) return null
  return (
    <SettingRow
      id="biometry"
      title={t(device.type === 'face' ? 'settings.biometryFace' : 'settings.biometry')}
      hint={<SettingHint text={t('settings.biometryHint')} error={change.error} />}
    >
      <Switch
        id="biometry"
        checked={on}
        busy={change.isPending}
        onChange={(next) => change.mutate(next)}
      />
    </SettingRow>
  )
}
