import { Outlet } from '@tanstack/react-router'
import { Suspense } from 'react'
import { isTelegramPlatform } from '../../lib/platform/platform'
import { useDrawnPlatform } from '../../lib/platform/use-drawn-platform'
import { ComplianceWallHost } from '../compliance-wall-host'
import { LiveMark } from '../live-mark'
import { DownloadPrompt } from '../download-prompt'
import { HeaderNav, PhoneBrand, TabBar } from './earn-nav'
import { lazyUntilLoaded } from '../../lib/loading/import-until-loaded'

// Who is logged in is not needed for the first paint: the account link loads after it.
const AccountLink = lazyUntilLoaded(() => import('./account-link'))
// Only live pages open sockets; the notice of one being down loads after the first paint too.
const ReconnectingIndicator = lazyUntilLoaded(
  () => import('../../features/my-earn/live/reconnecting-indicator'),
)
// Back button, swipe and haptics, login retry: inside Telegram only, in the SDK's own chunk.
const TelegramShell = lazyUntilLoaded(() => import('../telegram/telegram-shell'))

// The country-of-residence picker's listener: needed only once a money move is refused (10451).
const CountryHost = lazyUntilLoaded(() => import('../country-host'))

export function EarnLayout() {
  const telegram = isTelegramPlatform(useDrawnPlatform())
  return (
    <div className="min-h-[var(--earn-viewport-height,100vh)] bg-[var(--earn-bg)] pt-[var(--earn-safe-top,0px)] text-[var(--earn-text)]">
      {/* Inside Telegram the bottom tab bar replaces the header (hidden by CSS from the first
          paint, dropped after hydration). On a phone the header is one row (mark, account) and
          the families move to the same bottom tab bar, by CSS so the server's view is right. */}
      {!telegram && (
        <header
          data-web-only
          className="mx-auto flex max-w-[1200px] items-center justify-between gap-2 border-b border-[var(--earn-border)] bg-[var(--earn-bg)] px-4"
        >
          <PhoneBrand />
          <HeaderNav />
          {/* A fixed slot: the account link arrives after the first paint, and the wrapped
              navigation must not reflow (and push the page down) when it does. */}
          <div className="flex w-28 shrink-0 items-center justify-end">
            {/* Apart: the notice must show while the server is away even if the account
                link's chunk could not load before it went (lazyUntilLoaded waits for it). */}
            <Suspense fallback={null}>
              <ReconnectingIndicator />
            </Suspense>
            <Suspense fallback={null}>
              <AccountLink />
            </Suspense>
          </div>
        </header>
      )}
      {telegram && (
        <Suspense fallback={null}>
          <TelegramShell />
        </Suspense>
      )}
      {telegram && (
        <Suspense fallback={null}>
          <ReconnectingIndicator />
        </Suspense>
      )}
      {/* One place in the tree on every platform: inside Telegram the drawn platform switches
          right after hydration, and a tab bar moved in the tree would be mounted anew, closing a
          menu the user has just opened. */}
      <TabBar
        account={
          telegram ? (
            <Suspense fallback={null}>
              <AccountLink />
            </Suspense>
          ) : undefined
        }
      />
      <DownloadPrompt place="top" />
      <main className="mx-auto max-w-[1200px] px-4 py-6 pb-[calc(1.5rem+var(--earn-safe-bottom,0px))]">
        <Outlet />
      </main>
      <DownloadPrompt place="end" />
      <ComplianceWallHost />
      <Suspense fallback={null}>
        <CountryHost />
      </Suspense>
      <LiveMark />
    </div>
  )
}
