import { i18n } from '../../lib/i18n/i18n'
import { DEFAULT_LANGUAGE } from '../../lib/locale/locale'

// The export screen's texts ship with its lazy route, never with the first load.
const bundles = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../../locales/*/export.json',
)

/** Loads locales/<lng>/export.json for the current language and English, merged into common. */
export async function loadExportTexts(): Promise<void> {
  const languages = new Set([i18n.language, DEFAULT_LANGUAGE])
  await Promise.all(
    [...languages].map(async (lng) => {
      const load = bundles[`../../../locales/${lng}/export.json`]
      if (!load || i18n.exists('export.title', { lng, fallbackLng: [] })) return
      i18n.addResourceBundle(lng, 'common', (await load()).default, true, false)
    }),
  )
}
