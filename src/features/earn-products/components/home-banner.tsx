import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { HomeSearch } from '../home-search'

/** Spec §2: scrolled to at once for search, token or sppRef; after 200 ms for scrollTo. */
export const BANNER_SCROLL_DELAY_MS = 200

export function HomeBanner({ search }: { search: HomeSearch }) {
  const { t } = useTranslation()
  const ref = useRef<HTMLElement>(null)
  const immediate = Boolean(search.search || search.token || search.sppRef)
  const delayed = Boolean(search.scrollTo)
  useEffect(() => {
    const scroll = () => ref.current?.scrollIntoView({ block: 'start' })
    if (immediate) scroll()
    if (!delayed) return
    const timer = setTimeout(scroll, BANNER_SCROLL_DELAY_MS)
    return () => clearTimeout(timer)
    // Only on arrival: typing in the search box must not keep scrolling the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <section
      ref={ref}
      data-testid="home-banner"
      aria-labelledby="home-banner-title"
      className="scroll-mt-4 rounded-2xl bg-[var(--earn-accent-soft)] p-5 md:p-8"
    >
      <h2 id="home-banner-title" className="m-0 text-xl font-700 md:text-2xl">
        {t('home.banner.title')}
      </h2>
      <p className="m-0 mt-2 max-w-[560px] text-[var(--earn-text)]">{t('home.banner.body')}</p>
    </section>
  )
}
