import dayjs from 'dayjs'
import { i18n, type TEXT_LANGUAGES } from '../i18n/i18n'

// dayjs speaks the text language (day and month names, relative times, week start). Each
// language's dayjs locale is a chunk of its own, loaded with the page's texts (the namespace
// loader waits for it) and never by English pages; this module travels with dayjs (time-format
// imports it), so nothing of it is in the first load.
const LOADERS: Record<(typeof TEXT_LANGUAGES)[number], () => Promise<{ default: ILocale }>> = {
  'ar-SA': () => import('dayjs/locale/ar-sa'),
  'de-DE': () => import('dayjs/locale/de'),
  'es-ES': () => import('dayjs/locale/es'),
  'fr-FR': () => import('dayjs/locale/fr'),
  'id-ID': () => import('dayjs/locale/id'),
  'it-IT': () => import('dayjs/locale/it'),
  'ka-GE': () => import('dayjs/locale/ka'),
  'kk-KZ': () => import('dayjs/locale/kk'),
  'nl-NL': () => import('dayjs/locale/nl'),
  'pl-PL': () => import('dayjs/locale/pl'),
  'pt-PT': () => import('dayjs/locale/pt'),
  'ru-RU': () => import('dayjs/locale/ru'),
  'tr-TR': () => import('dayjs/locale/tr'),
}

/** dayjs locale names by text language, once loaded. */
const loaded = new Map<string, string>([['en', 'en']])

/** Sets dayjs to the text language when its locale is loaded, else to English. */
const apply = () => void dayjs.locale(loaded.get(i18n.language) ?? 'en')

/** Loads a text language's dayjs locale (English and unknown languages: nothing to load). */
export async function loadDayjsLocale(language: string): Promise<void> {
  const load = LOADERS[language as keyof typeof LOADERS]
  if (load && !loaded.has(language)) {
    const locale = (await load()).default
    // Registered on this dayjs (a bundler may hand the locale file a copy of its own).
    dayjs.locale(locale, undefined, true)
    loaded.set(language, locale.name)
  }
  apply()
}

apply()
i18n.on('languageChanged', (language) => void loadDayjsLocale(language))
