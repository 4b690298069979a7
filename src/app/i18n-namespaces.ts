import { i18n } from '../lib/i18n/i18n'
import { DEFAULT_LANGUAGE } from '../lib/locale/locale'

/** Text bundles beyond the first load's that only some pages need (merged into `common`). */
export type PageNamespace = 'subscribe' | 'auth' | 'compliance' | 'my-earn' | 'settings' | 'pages'

const bundles = import.meta.glob<{ default: Record<string, unknown> }>([
  '../../locales/*/subscribe.json',
  '../../locales/*/auth.json',
  '../../locales/*/compliance.json',
  '../../locales/*/my-earn.json',
  '../../locales/*/settings.json',
  '../../locales/*/pages.json',
])

const loaded = new Set<string>()

/**
 * Loads a page's bundle for the current language and for English, its fallback, and (for
 * another language than English) dayjs's locale with it, so the page's dates speak it too.
 */
export async function loadNamespace(ns: PageNamespace): Promise<void> {
  const languages = new Set([i18n.language, DEFAULT_LANGUAGE])
  const dates =
    i18n.language === DEFAULT_LANGUAGE
      ? undefined
      : import('../lib/time/dayjs-locale').then((m) => m.loadDayjsLocale(i18n.language))
  await Promise.all([
    dates,
    ...[...languages].map(async (lng) => {
      const load = bundles[`../../locales/${lng}/${ns}.json`]
      if (!load || loaded.has(`${lng}/${ns}`)) return
      // Merged into common so components keep one namespace and English fallback per key.
      i18n.addResourceBundle(lng, 'common', (await load()).default, true, false)
      loaded.add(`${lng}/${ns}`)
    }),
  ])
}
