import { createFileRoute, notFound } from '@tanstack/react-router'
import { EarnLayout } from '../../app/layouts/earn-layout'
import { preloadProductTable } from '../../features/earn-products/components/product-list'
import { languageWithoutPrefix, setLanguage } from '../../lib/i18n/i18n'
import { isLocale, languageFromPrefix } from '../../lib/locale/locale'

/** Optional locale prefix of spec §2: /earn/… (en) or /{locale}/earn/…. */
export const Route = createFileRoute('/{-$locale}')({
  beforeLoad: async ({ params }) => {
    if (params.locale !== undefined && !isLocale(params.locale)) throw notFound()
    // No prefix: en, or inside Telegram the user's language (an explicit prefix always wins).
    await setLanguage(
      params.locale === undefined ? languageWithoutPrefix() : languageFromPrefix(params.locale),
    )
  },
  // The desktop product table's code, before a served list page hydrates (product-list.tsx).
  loader: () => preloadProductTable(),
  component: EarnLayout,
})
