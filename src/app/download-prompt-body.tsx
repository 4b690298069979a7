import { useLocation } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { platformStore } from '../lib/platform/platform-store'

/** Spec §2: after 400 ms on mobile web, except on these pages. */
export const DOWNLOAD_PROMPT_DELAY_MS = 400
export const DOWNLOAD_EXCLUDED_PAGES = ['referral', 'usdtb', 'usde-page', 'tg-page', 'discount-buy']
const HOME_PAGES = ['earn', 'home']
const DISMISSED_KEY = 'earn/download-dismissed'
/** The exchange's app download page (not shown by the spec; ours). */
export const APP_DOWNLOAD_PATH = '/download'

const linkClass =
  'inline-flex min-h-11 items-center rounded-lg bg-[var(--earn-accent)] px-4 font-600 text-[var(--earn-accent-text)] no-underline'

/**
 * Mobile web outside the app: home pages show a download button, other pages a dismissible
 * download prompt. It sits in the page flow, so it never covers what the user is doing.
 */
export function DownloadPromptBody() {
  const { t } = useTranslation()
  // Set once at start, before the first render: no subscription needed.
  const { platform, inApp } = platformStore
  const page = useLocation({ select: (l) => l.pathname.split('/').filter(Boolean).at(-1) ?? '' })
  const [shown, setShown] = useState(false)
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === '1')
  const eligible = platform === 'h5' && !inApp && !DOWNLOAD_EXCLUDED_PAGES.includes(page)
  const home = HOME_PAGES.includes(page)
  useEffect(() => {
    if (!eligible || home || dismissed) return
    const timer = setTimeout(() => setShown(true), DOWNLOAD_PROMPT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [eligible, home, dismissed])

  if (!eligible) return null
  if (home)
    return (
      <div className="mx-auto flex max-w-[1200px] justify-end px-4 pt-3">
        <a href={APP_DOWNLOAD_PATH} className={linkClass} data-testid="download-button">
          {t('download.button')}
        </a>
      </div>
    )
  if (!shown || dismissed) return null
  return (
    <aside
      aria-label={t('download.title')}
      data-testid="download-prompt"
      className="mx-4 mt-3 flex flex-wrap items-center gap-3 rounded-xl bg-[var(--earn-surface)] p-4"
    >
      <p className="m-0 min-w-0 flex-1">{t('download.body')}</p>
      <a href={APP_DOWNLOAD_PATH} className={linkClass}>
        {t('download.button')}
      </a>
      <button
        type="button"
        className="min-h-11 cursor-pointer rounded-lg border-none bg-transparent px-3 text-[var(--earn-text)]"
        onClick={() => {
          sessionStorage.setItem(DISMISSED_KEY, '1')
          setDismissed(true)
        }}
      >
        {t('download.dismiss')}
      </button>
    </aside>
  )
}
