import { backButton, settingsButton } from '@tma.js/sdk-react'
import { useQueryClient } from '@tanstack/react-query'
import { useCanGoBack, useNavigate, useParams, useRouter } from '@tanstack/react-router'
import { TelegramRefusal } from '../../../contract/ret-codes'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { startTelegramLogin } from '../../features/auth/api/telegram-login'
import { readTelegramLaunch } from '../../lib/platform/telegram-launch'
import { telegramLoginState } from '../../lib/telegram/telegram-login-state'
import { Button } from '../../ui/button'
import { loadNamespace } from '../i18n-namespaces'

/**
 * Mounted by the layout only inside Telegram (its own chunk): BackButton tied to history and
 * the login refusal with a retry. Swipe, haptics and links are set up by startTelegram.
 */
export default function TelegramShell() {
  useBackButton()
  useSettingsButton()
  return <LoginRefused />
}

/** Telegram's Settings item in the mini-app menu opens /earn/settings (Bot API 7.0). */
function useSettingsButton() {
  const navigate = useNavigate()
  const { locale } = useParams({ strict: false })
  useEffect(() => {
    if (!settingsButton.mount.isAvailable()) return
    settingsButton.mount()
    settingsButton.show()
    const off = settingsButton.onClick(
      () => void navigate({ to: '/{-$locale}/earn/settings', params: { locale } }),
    )
    return () => {
      off()
      settingsButton.hide.ifAvailable()
    }
  }, [navigate, locale])
}

/** Visible on every page but the first of the session; pressing it goes back one entry. */
function useBackButton() {
  const router = useRouter()
  const canGoBack = useCanGoBack()
  useEffect(() => {
    if (canGoBack) backButton.show.ifAvailable()
    else backButton.hide.ifAvailable()
  }, [canGoBack])
  useEffect(() => {
    const listening = backButton.onClick.ifAvailable(() => router.history.back())
    return () => {
      if (listening.ok) listening.data()
      backButton.hide.ifAvailable()
    }
  }, [router])
}

/** An expired or invalid initData: say so in words and offer to try again. */
function LoginRefused() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const login = useSnapshot(telegramLoginState)
  const [textsReady, setTextsReady] = useState(false)
  const refused = login.status === 'refused'
  useEffect(() => {
    if (refused) void loadNamespace('auth').then(() => setTextsReady(true))
  }, [refused])
  if (!refused && login.status !== 'pending') return null
  if (!textsReady) return null
  const expired = login.reasonCode === TelegramRefusal.Expired
  const retry = () => {
    const initDataRaw = readTelegramLaunch(location.hash)?.initDataRaw
    if (initDataRaw) void startTelegramLogin(initDataRaw, queryClient)
  }
  return (
    <div
      role="alert"
      data-testid="telegram-login-refused"
      className="mx-auto mt-3 flex max-w-[1200px] flex-wrap items-center gap-3 rounded-xl bg-[var(--earn-negative-soft)] px-4 py-3 text-[var(--earn-negative)]"
    >
      <p className="m-0 min-w-0 flex-1">
        {t(expired ? 'auth.telegram.expired' : 'auth.telegram.invalid')}
      </p>
      <Button variant="secondary" busy={login.status === 'pending'} onClick={retry}>
        {t('auth.telegram.retry')}
      </Button>
    </div>
  )
}
