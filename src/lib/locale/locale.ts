/** A locale path segment (spec §2): 2–3 letter language, dash, 2–3 character region, or plain en. */
export const LOCALE_PATTERN = /^(?:[a-z]{2,3}-[A-Za-z0-9]{2,3}|en)$/

export const DEFAULT_LANGUAGE = 'en'
/** The spec's fallback language code (§9); its text is English. */
export const FALLBACK_LANGUAGE_CODE = 'ed-ED'

export const RTL_LANGUAGES: readonly string[] = ['ar-SA']

export function isLocale(segment: string | undefined | null): segment is string {
  return !!segment && LOCALE_PATTERN.test(segment)
}

/** Exchange locale codes mapped to the locale whose text is shown (spec §9). */
export const LOCALE_MAPPING: Readonly<Record<string, string>> = {
  'tr-TUR': 'tr-TR',
  'kk-KAZ': 'kk-KZ',
  'en-KAZ': 'en',
  'ru-KAZ': 'ru-RU',
  'ar-ARE': 'ar-SA',
  'en-ARE': 'en',
  'en-EU': 'en',
  'de-EU': 'de-DE',
  'fr-EU': 'fr-FR',
  'es-EU': 'es-ES',
  'it-EU': 'it-IT',
  'nl-EU': 'nl-NL',
  'pl-EU': 'pl-PL',
  'pt-EU': 'pt-PT',
  'ka-GEO': 'ka-GE',
  'en-GEO': 'en',
  'ru-GEO': 'ru-RU',
  'id-IDN': 'id-ID',
  'en-IDN': 'en',
}

export function mapLocale(code: string): string {
  if (code === FALLBACK_LANGUAGE_CODE) return DEFAULT_LANGUAGE
  return LOCALE_MAPPING[code] ?? code
}

/** The language of a path's optional locale prefix; no (or an invalid) prefix means en. */
export function languageFromPrefix(segment: string | undefined): string {
  return isLocale(segment) ? mapLocale(segment) : DEFAULT_LANGUAGE
}

/**
 * A client's language code (Telegram's language_code is IETF: 'ru', 'pt-br', 'ar') to a
 * language with texts: the spec's mapping table first (tr-TUR → tr-TR, …), then the same code,
 * then the language with texts for the same base language (ru → ru-RU, ar → ar-SA); anything
 * else is en.
 */
export function languageFromCode(code: string | null | undefined, available: readonly string[]) {
  if (!code) return DEFAULT_LANGUAGE
  const mapped = mapLocale(code)
  const lower = (s: string) => s.toLowerCase()
  const exact = available.find((l) => lower(l) === lower(mapped))
  if (exact) return exact
  const base = lower(mapped.split(/[-_]/)[0]!)
  return available.find((l) => lower(l.split('-')[0]!) === base) ?? DEFAULT_LANGUAGE
}

/** The locale segment a path starts with (/ru-RU/earn/home → ru-RU), or undefined. */
export function localeOfPath(pathname: string): string | undefined {
  const segment = pathname.split('/')[1]
  return isLocale(segment) ? segment : undefined
}

export const isRtl = (language: string) => RTL_LANGUAGES.includes(language)
