import { Link, useLocation, useParams } from '@tanstack/react-router'
import { Suspense, useCallback, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { labelKey, type NavKey } from './nav-keys'
import { lazyUntilLoaded } from '../../lib/loading/import-until-loaded'

/**
 * The header's families (issue 17: at most six): each opens its first page by its link; the
 * rest of the family is one tap away in its menu. Together they reach every page key and
 * section (earn-nav.test.ts keeps it so).
 */
export const NAV_FAMILIES: readonly (readonly NavKey[])[] = [
  ['home'],
  ['savings', 'flexible-staking', 'easy-earn', 'pos'],
  ['structured-product', 'dual-asset-mining', 'double-win', 'discount-buy', 'smart-leverage'],
  ['launchpool'],
  ['liquidity-mining'],
  ['wealth-management', 'private-wealth'],
]

/** The phone's bottom bar has room for five: the last families share a "More" menu. */
const TAB_FAMILIES: readonly (readonly NavKey[])[] = [
  NAV_FAMILIES[0]!,
  NAV_FAMILIES[1]!,
  NAV_FAMILIES[2]!,
  [...NAV_FAMILIES[3]!, ...NAV_FAMILIES[4]!, ...NAV_FAMILIES[5]!],
]

function useActiveKey(): string | undefined {
  return useLocation({ select: (l) => /\/earn\/([^/?#]+)/.exec(l.pathname)?.[1] })
}

// The open menu, its links and its closing rules load on the first tap.
const FamilyMenuList = lazyUntilLoaded(() => import('./family-menu-list'))

/** A family's menu: opened by its button, closed by a choice, Escape or a tap elsewhere. */
function FamilyMenu({
  keys,
  label,
  up,
  children,
}: {
  keys: readonly NavKey[]
  label: string
  up?: boolean
  /** The family's own link beside the menu button; without it the button shows the label. */
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  const close = useCallback(() => setOpen(false), [])
  return (
    <div ref={box} className="relative flex">
      {children}
      <button
        type="button"
        aria-expanded={open}
        aria-label={children ? t('nav.more', { family: label }) : undefined}
        onClick={() => setOpen((o) => !o)}
        className="min-h-9 min-w-7 cursor-pointer rounded-lg border-none bg-transparent px-1 text-xs text-[var(--earn-hint)]"
      >
        {children ? <span aria-hidden="true">{up ? '▴' : '▾'}</span> : label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <FamilyMenuList keys={keys} up={up} box={box} close={close} />
        </Suspense>
      )}
    </div>
  )
}

/** The web header's navigation from 768 px: six families (phones get the bottom tab bar). */
export function HeaderNav() {
  const { t } = useTranslation()
  const { locale } = useParams({ strict: false })
  const active = useActiveKey()
  return (
    <nav
      aria-label={t('app.title')}
      className="flex min-w-0 flex-1 flex-wrap gap-x-1 py-2 lt-md:hidden"
    >
      {NAV_FAMILIES.map((keys) => {
        const first = keys[0]!
        const current = keys.some((k) => k === active)
        const link = (
          <Link
            to={`/{-$locale}/earn/${first}`}
            params={{ locale }}
            aria-current={current ? 'page' : undefined}
            className={`whitespace-nowrap rounded-lg px-3 py-2 text-sm no-underline ${current ? 'bg-[var(--earn-surface)] font-600 text-[var(--earn-text)]' : 'text-[var(--earn-hint)]'}`}
          >
            {t(labelKey(first))}
          </Link>
        )
        return keys.length > 1 ? (
          <FamilyMenu key={first} keys={keys} label={t(labelKey(first))}>
            {link}
          </FamilyMenu>
        ) : (
          <div key={first} className="flex">
            {link}
          </div>
        )
      })}
    </nav>
  )
}

/** On a phone web page the header keeps one row: the app's mark (home) beside the account. */
export function PhoneBrand() {
  const { t } = useTranslation()
  const { locale } = useParams({ strict: false })
  return (
    <Link
      to="/{-$locale}/earn/home"
      params={{ locale }}
      aria-label={t('nav.home')}
      className="flex min-h-11 items-center gap-2 text-base font-700 text-[var(--earn-text)] no-underline md:hidden"
    >
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {t('app.title')}
    </Link>
  )
}

/**
 * The bottom tab bar above the safe area: inside Telegram in place of the web header (with the
 * account as its last tab), and on phone web pages under 768 px beside a one-row header.
 */
export function TabBar({ account }: { account?: ReactNode }) {
  const { t } = useTranslation()
  const { locale } = useParams({ strict: false })
  const active = useActiveKey()
  return (
    <nav
      aria-label={t('app.title')}
      data-testid="tab-bar"
      // On the web (no account tab) the bar is the phone's: CSS hides it from 768 px, and
      // inside Telegram until hydration drops it for the one with the account.
      data-web-only={account ? undefined : ''}
      className={`fixed inset-x-0 bottom-0 z-10 flex items-stretch justify-around border-t border-solid border-x-0 border-b-0 border-[var(--earn-border)] bg-[var(--earn-bg)] px-1 pb-[var(--earn-safe-bottom,0px)] ${account ? '' : 'md:hidden'}`}
    >
      {TAB_FAMILIES.map((keys, i) => {
        const first = keys[0]!
        const current = keys.some((k) => k === active)
        const tone = current
          ? 'font-600 text-[var(--earn-accent-strong)]'
          : 'text-[var(--earn-hint)]'
        if (i === TAB_FAMILIES.length - 1)
          return <FamilyMenu key="more" keys={keys} label={t('nav.moreTab')} up />
        const link = (
          <Link
            to={`/{-$locale}/earn/${first}`}
            params={{ locale }}
            aria-current={current ? 'page' : undefined}
            className={`flex min-h-12 items-center px-1 text-center text-xs no-underline ${tone}`}
          >
            {t(labelKey(first))}
          </Link>
        )
        return keys.length > 1 ? (
          <FamilyMenu key={first} keys={keys} label={t(labelKey(first))} up>
            {link}
          </FamilyMenu>
        ) : (
          <div key={first} className="flex">
            {link}
          </div>
        )
      })}
      {account && <div className="flex items-center">{account}</div>}
    </nav>
  )
}
