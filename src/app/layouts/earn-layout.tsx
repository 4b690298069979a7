import { Link, Outlet, useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PAGE_KEYS } from '../../../contract/enums'
import { SECTION_KEYS } from '../../features/earn-products/sections'
import { lazy, Suspense } from 'react'
import { isTelegramPlatform } from '../../lib/platform/platform'
import { useDrawnPlatform } from '../../lib/platform/use-drawn-platform'
import { ComplianceWallHost } from '../compliance-wall-host'
import { DownloadPrompt } from '../download-prompt'

// Who is logged in is not needed for the first paint: the account link loads after it.
const AccountLink = lazy(() => import('./account-link').then((m) => ({ default: m.AccountLink })))
// Only live pages open sockets; the notice of one being down loads after the first paint too.
const ReconnectingIndicator = lazy(() =>
  import('../../features/my-earn/live/reconnecting-indicator').then((m) => ({
    default: m.ReconnectingIndicator,
  })),
)
// Back button, swipe and haptics, login retry: inside Telegram only, in the SDK's own chunk.
const TelegramShell = lazy(() =>
  import('../telegram/telegram-shell').then((m) => ({ default: m.TelegramShell })),
)

/** The header's links: the product pages, then the sections (key, text key). */
const NAV_ITEMS = [
  ...PAGE_KEYS.map((key) => [key, `nav.pages.${key}`] as const),
  ...SECTION_KEYS.map((key) => [key, `nav.sections.${key}`] as const),
]

export function EarnLayout() {
  const { t } = useTranslation()
  const { locale } = useParams({ strict: false })
  const drawn = useDrawnPlatform()
  return (
    <div className="min-h-[var(--earn-viewport-height,100vh)] bg-[var(--earn-bg)] pt-[var(--earn-safe-top,0px)] text-[var(--earn-text)]">
      <header className="mx-auto flex max-w-[1200px] items-center gap-2 border-b border-[var(--earn-border)] bg-[var(--earn-bg)] px-4">
        <nav aria-label={t('app.title')} className="flex min-w-0 flex-1 gap-1 overflow-x-auto py-2">
          {NAV_ITEMS.map(([key, label]) => (
            <Link
              key={key}
              to={`/{-$locale}/earn/${key}`}
              params={{ locale }}
              className="whitespace-nowrap rounded-lg px-3 py-2 text-sm text-[var(--earn-hint)] no-underline"
              activeProps={{
                className: 'bg-[var(--earn-surface)] !text-[var(--earn-text)] font-600',
              }}
            >
              {t(label)}
            </Link>
          ))}
        </nav>
        <Suspense fallback={null}>
          <ReconnectingIndicator />
          <AccountLink />
        </Suspense>
      </header>
      {isTelegramPlatform(drawn) && (
        <Suspense fallback={null}>
          <TelegramShell />
        </Suspense>
      )}
      <DownloadPrompt place="top" />
      <main className="mx-auto max-w-[1200px] px-4 py-6 pb-[calc(1.5rem+var(--earn-safe-bottom,0px))]">
        <Outlet />
      </main>
      <DownloadPrompt place="end" />
      <ComplianceWallHost />
    </div>
  )
}
