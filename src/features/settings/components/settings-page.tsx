import { useParams, useRouter } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { availableLanguages, i18n } from '../../../lib/i18n/i18n'
import { platformStore } from '../../../lib/platform/platform-store'
import { FIAT_CURRENCIES } from '../../../../contract/fiat-currencies'
import {
  pickDisplayCurrency,
  preferences,
  savePreferences,
} from '../../../lib/preferences/preferences'
import { Skeleton, SkeletonGroup } from '../../../ui/skeleton'
import { useTelegramSettings } from '../api/telegram-settings'
import { BiometrySetting } from './biometry-setting'
import { InvitationsSetting } from './invitations-setting'
import { NotificationsSetting } from './notifications-setting'
import { RemindersSetting } from './reminders-setting'
import { SettingRow, Switch } from './setting-row'

/**
 * /earn/settings: what this user sees and how money moves are confirmed. `loggedIn` is
 * undefined while the profile loads.
 */
export function SettingsPage({ loggedIn }: { loggedIn: boolean | undefined }) {
  const { t } = useTranslation()
  const { telegram } = useSnapshot(platformStore)
  const settings = useTelegramSettings(!!loggedIn)
  return (
    <main className="mx-auto max-w-[640px] px-4 py-4" data-testid="settings-page">
      <h1 className="m-0 mb-2 text-xl font-700">{t('settings.title')}</h1>
      <LanguageSetting />
      <HideBalancesSetting />
      <DisplayCurrencySetting />
      {/* The account's rows hold their place while the profile and the settings load. */}
      {loggedIn !== false && !settings.data && !settings.isError && (
        <SkeletonGroup label={t('app.loading')} testId="settings-loading">
          {[0, 1].map((i) => (
            <div
              key={i}
              className="flex items-center gap-3 border-b border-b-solid border-[var(--earn-border)] py-4"
            >
              <span className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-5 w-36" />
                <Skeleton className="h-3 w-3/4" />
              </span>
              <Skeleton className="h-7 w-12" round />
            </div>
          ))}
        </SkeletonGroup>
      )}
      {loggedIn && settings.data && (
        <>
          <NotificationsSetting settings={settings.data} telegram={telegram} />
          {telegram && <BiometrySetting settings={settings.data} />}
          {settings.data.telegram_linked && <RemindersSetting />}
          <InvitationsSetting />
        </>
      )}
      {loggedIn === false && (
        <p className="text-sm text-[var(--earn-hint)]">{t('settings.loginForMore')}</p>
      )}
    </main>
  )
}

function LanguageSetting() {
  const { t } = useTranslation()
  const router = useRouter()
  const { locale } = useParams({ strict: false })
  const names = new Intl.DisplayNames([i18n.language], { type: 'language' })
  return (
    <SettingRow id="language" title={t('settings.language')}>
      <select
        aria-labelledby="setting-language-title"
        value={i18n.language}
        // A language is part of the URL (spec §2): links keep the prefix from here on. The page
        // loads anew in it, so every text bundle (and the server's view) is in that language.
        onChange={(e) =>
          location.assign(
            router.buildLocation({
              to: '/{-$locale}/earn/settings',
              params: { locale: e.target.value },
            }).href,
          )
        }
        data-current-locale={locale ?? ''}
        className="min-h-11 rounded-lg border border-solid border-[var(--earn-border-strong)] bg-[var(--earn-bg)] px-3 text-base text-[var(--earn-text)]"
      >
        {availableLanguages().map((lng) => (
          <option key={lng} value={lng}>
            {names.of(lng) ?? lng}
          </option>
        ))}
      </select>
    </SettingRow>
  )
}

function HideBalancesSetting() {
  const { t } = useTranslation()
  const { hideBalances, loaded } = useSnapshot(preferences)
  return (
    <SettingRow
      id="hide-balances"
      title={t('settings.hideBalances')}
      hint={t(platformStore.telegram ? 'settings.syncedHint' : 'settings.browserHint')}
    >
      <Switch
        id="hide-balances"
        checked={hideBalances}
        disabled={!loaded}
        onChange={(next) =>
          void savePreferences({ hideBalances: next }).catch((err: unknown) =>
            console.warn('[settings] not stored', err),
          )
        }
      />
    </SettingRow>
  )
}

/** The fiat currency values are shown in (converted through exchange-rate, spec §7). */
function DisplayCurrencySetting() {
  const { t } = useTranslation()
  const { currency, loaded } = useSnapshot(preferences)
  return (
    <SettingRow id="display-currency" title={t('settings.displayCurrency')}>
      <select
        aria-labelledby="setting-display-currency-title"
        value={currency}
        disabled={!loaded}
        onChange={(e) => void pickDisplayCurrency(e.target.value)}
        className="min-h-11 rounded-lg border border-solid border-[var(--earn-border-strong)] bg-[var(--earn-bg)] px-3 text-base text-[var(--earn-text)]"
      >
        {FIAT_CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </SettingRow>
  )
}
