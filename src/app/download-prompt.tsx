import { useLocation } from '@tanstack/react-router'
import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { useDrawnPlatform } from '../lib/platform/use-drawn-platform'
import { platformStore } from '../lib/platform/platform-store'
import { APP_DOWNLOAD_PATH, downloadLinkClass } from './download-link'
import { lazyUntilLoaded } from '../lib/loading/import-until-loaded'

/** Spec §2: the prompt shows on mobile web, except on these pages. */
export const DOWNLOAD_EXCLUDED_PAGES = ['referral', 'usdtb', 'usde-page', 'tg-page', 'discount-buy']
const HOME_PAGES = ['earn', 'home']

// The delayed prompt of the other pages: its own chunk, fetched only where it can show.
const DownloadPromptBody = lazyUntilLoaded(() => import('./download-prompt-body'))

/**
 * Mobile web outside the app: home pages show a download button above the page (rendered with
 * it, `place="top"`); other pages a dismissible modal after 400 ms (`place="end"`), in the top
 * layer: it shifts nothing on the page.
 */
export function DownloadPrompt({ place }: { place: 'top' | 'end' }) {
  const { t } = useTranslation()
  const page = useLocation({ select: (l) => l.pathname.split('/').filter(Boolean).at(-1) ?? '' })
  // The platform drawn: while hydrating, the one the server drew the view for.
  const platform = useDrawnPlatform()
  const { inApp } = platformStore // set once at start, before the first render
  if (platform !== 'h5' || inApp || DOWNLOAD_EXCLUDED_PAGES.includes(page)) return null
  const home = HOME_PAGES.includes(page)
  if (home !== (place === 'top')) return null
  if (home)
    return (
      // data-web-only: hidden by CSS from the first paint inside Telegram, whose launch script
      // marks the platform before the server's view (drawn for the phone's browser) paints.
      <div className="mx-auto flex max-w-[1200px] justify-end px-4 pt-3" data-web-only="">
        <a href={APP_DOWNLOAD_PATH} className={downloadLinkClass} data-testid="download-button">
          {t('download.button')}
        </a>
      </div>
    )
  return (
    <Suspense fallback={null}>
      <DownloadPromptBody />
    </Suspense>
  )
}
