import { Link, useParams } from '@tanstack/react-router'
import { useEffect, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { labelKey, type NavKey } from './nav-keys'

/**
 * An open family menu (its own chunk: the first paint needs only the buttons). Closed by a
 * choice, Escape or a tap outside `box` (the menu with its button).
 */
export default function FamilyMenuList({
  keys,
  up,
  box,
  close,
}: {
  keys: readonly NavKey[]
  up?: boolean
  box: RefObject<HTMLDivElement | null>
  close: () => void
}) {
  const { t } = useTranslation()
  const { locale } = useParams({ strict: false })
  useEffect(() => {
    const onEvent = (e: Event) => {
      if (
        e instanceof KeyboardEvent ? e.key === 'Escape' : !box.current?.contains(e.target as Node)
      )
        close()
    }
    document.addEventListener('pointerdown', onEvent)
    document.addEventListener('keydown', onEvent)
    return () => {
      document.removeEventListener('pointerdown', onEvent)
      document.removeEventListener('keydown', onEvent)
    }
  }, [box, close])
  return (
    <ul
      // The bottom bar's menus open above it across the screen: anchored to a tab near the
      // edge, a menu would run off a narrow phone.
      className={`z-20 m-0 min-w-48 list-none rounded-xl border border-solid border-[var(--earn-border)] bg-[var(--earn-bg)] p-1 shadow-lg ${up ? 'fixed inset-x-2 bottom-[calc(3.5rem+var(--earn-safe-bottom,0px))]' : 'absolute top-full start-0 mt-1'}`}
    >
      {keys.map((key) => (
        <li key={key}>
          <Link
            to={`/{-$locale}/earn/${key}`}
            params={{ locale }}
            onClick={close}
            className="block whitespace-nowrap rounded-lg px-3 py-2 text-sm text-[var(--earn-text)] no-underline hover:bg-[var(--earn-surface)]"
            activeProps={{ className: 'font-600 bg-[var(--earn-surface)]' }}
          >
            {t(labelKey(key))}
          </Link>
        </li>
      ))}
    </ul>
  )
}
