import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import en from '../../../locales/en/common.json'
import { DEFAULT_LANGUAGE, isRtl } from '../locale/locale'

/**
 * Languages with their own texts (locales/<language>/common.json); English ships with the
 * shell, the others load on demand through locale-loaders.ts. A unit test keeps this list equal
 * to the folders. Other locale codes map onto these (locale.ts) or fall back to English.
 */
export const TEXT_LANGUAGES = [
  'ar-SA',
  'de-DE',
  'es-ES',
  'fr-FR',
  'id-ID',
  'it-IT',
  'ka-GE',
  'kk-KZ',
  'nl-NL',
  'pl-PL',
  'pt-PT',
  'ru-RU',
  'tr-TR',
] as const

export const NAMESPACES = ['common'] as const

export function availableLanguages(): string[] {
  return [DEFAULT_LANGUAGE, ...TEXT_LANGUAGES]
}

export const i18n = i18next.createInstance()

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: NAMESPACES,
  defaultNS: 'common',
  resources: { en: { common: en } },
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
})

let unprefixedLanguage: string = DEFAULT_LANGUAGE

/**
 * The language of a URL without a locale prefix: en, or the client's own (inside Telegram,
 * the user's language_code, set at start). An explicit URL locale always wins over it.
 */
export const languageWithoutPrefix = () => unprefixedLanguage
export function setLanguageWithoutPrefix(language: string): void {
  unprefixedLanguage = language
}

/** Loads a language's namespaces (when it has any) and switches to it; unknown → en text. */
export async function setLanguage(language: string): Promise<void> {
  const target = availableLanguages().includes(language) ? language : DEFAULT_LANGUAGE
  if (target !== DEFAULT_LANGUAGE && !i18n.hasResourceBundle(target, 'common')) {
    const texts = await (await import('./locale-loaders')).loadCommon(target)
    if (texts) i18n.addResourceBundle(target, 'common', texts, true, true)
  }
  if (i18n.language !== target) await i18n.changeLanguage(target)
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language
    document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr'
  }
}
