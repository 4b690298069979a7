import { Link, useLocation, useParams } from '@tanstack/react-router'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PAGE_KEYS, type PageKey } from '../../../contract/enums'
import type { SectionKey } from '../../features/earn-products/sections'

type NavKey = PageKey | SectionKey

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

/** Inside Telegram the bottom bar has room for five: the last families share a "More" menu. */
const TAB_FAMILIES: readonly (readonly NavKey[])[] = [
  NAV_FAMILIES[0]!,
  NAV_FAMILIES[1]!,
  NAV_FAMILIES[2]!,
  [...NAV_FAMILIES[3]!, ...NAV_FAMILIES[4]!, ...NAV_FAMILIES[5]!],
]

const labelKey = (key: NavKey) =>
  (PAGE_KEYS as readonly string[]).includes(key) ? `nav.pages.${key}` : `nav.sections.${key}`

function useActiveKey(): string | undefined {
  return useLocation({ select: (l) => /\/earn\/([^/?#]+)/.exec(l.pathname)?.[1] })
}

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
  const { locale } = useParams({ strict: false })
  const [open, setOpen] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const close = (e: Event) => {
      if (
        e instanceof KeyboardEvent ? e.key === 'Escape' : !box.current?.contains(e.target as Node)
      )
        setOpen(false)
    }
    document.addEventListener('pointerdown', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('pointerdown', close)
      document.removeEventListener('keydown', close)
    }
  }, [open])
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
        <ul
          className={`absolute z-20 m-0 min-w-48 list-none rounded-xl border border-solid border-[var(--earn-border)] bg-[var(--earn-bg)] p-1 shadow-lg ${up ? 'bottom-full end-0 mb-2' : 'top-full start-0 mt-1'}`}
        >
          {keys.map((key) => (
            <li key={key}>
              <Link
                to={`/{-$locale}/earn/${key}`}
                params={{ locale }}
                onClick={() => setOpen(false)}
                className="block whitespace-nowrap rounded-lg px-3 py-2 text-sm text-[var(--earn-text)] no-underline hover:bg-[var(--earn-surface)]"
                activeProps={{ className: 'font-600 bg-[var(--earn-surface)]' }}
              >
                {t(labelKey(key))}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** The web header's navigation: six families, wrapping on a phone rather than scrolling. */
export function HeaderNav() {
  const { t } = useTranslation()
  const { locale } = useParams({ strict: false })
  const active = useActiveKey()
  return (
    <nav aria-label={t('app.title')} className="flex min-w-0 flex-1 flex-wrap gap-x-1 py-2">
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

/** Inside Telegram: a bottom tab bar above the safe area, in place of the web header. */
export function TelegramTabBar({ account }: { account: ReactNode }) {
  const { t } = useTranslation()
  const { locale } = useParams({ strict: false })
  const active = useActiveKey()
  return (
    <nav
      aria-label={t('app.title')}
      data-testid="tab-bar"
      className="fixed inset-x-0 bottom-0 z-10 flex items-stretch justify-around border-t border-solid border-x-0 border-b-0 border-[var(--earn-border)] bg-[var(--earn-bg)] px-1 pb-[var(--earn-safe-bottom,0px)]"
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
            className={`flex min-h-12 items-center px-2 text-center text-xs no-underline ${tone}`}
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
      <div className="flex items-center">{account}</div>
    </nav>
  )
}
