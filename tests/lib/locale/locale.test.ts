import { describe, expect, it } from 'vitest'
import { availableLanguages } from '../../../src/lib/i18n/i18n'
import {
  isLocale,
  isRtl,
  languageFromCode,
  languageFromPrefix,
  localeOfPath,
  mapLocale,
} from '../../../src/lib/locale/locale'

describe('locale prefix (spec §2)', () => {
  it.each(['en', 'ar-SA', 'zh-TW', 'tr-TUR', 'en-KAZ', 'es-EU', 'ed-ED', 'fil-PH', 'pt-BR'])(
    '%s is a locale',
    (s) => {
      expect(isLocale(s)).toBe(true)
    },
  )
  it.each([
    '',
    'earn',
    'e',
    'english',
    'ar_SA',
    'ar-',
    '-SA',
    'ar-SAUD',
    'abcd-EF',
    'AR-SA',
    'fr',
    'ar-S',
  ])('%s is not a locale', (s) => {
    expect(isLocale(s)).toBe(false)
  })
  it('no prefix (or an invalid one) means en', () => {
    expect(languageFromPrefix(undefined)).toBe('en')
    expect(languageFromPrefix('nonsense')).toBe('en')
    expect(languageFromPrefix('ar-SA')).toBe('ar-SA')
  })
})

describe('locale mapping (spec §9)', () => {
  it.each([
    ['tr-TUR', 'tr-TR'],
    ['kk-KAZ', 'kk-KZ'],
    ['en-KAZ', 'en'],
    ['ru-KAZ', 'ru-RU'],
    ['ar-ARE', 'ar-SA'],
    ['de-EU', 'de-DE'],
    ['ka-GEO', 'ka-GE'],
    ['id-IDN', 'id-ID'],
    ['ed-ED', 'en'],
    ['ja-JP', 'ja-JP'],
  ])('%s → %s', (from, to) => {
    expect(mapLocale(from)).toBe(to)
  })
  it('ar-SA is right-to-left, en is not', () => {
    expect(isRtl('ar-SA')).toBe(true)
    expect(isRtl('en')).toBe(false)
  })
})

describe("a client's language code (Telegram's language_code) to a language with texts", () => {
  const available = availableLanguages()
  it.each([
    ['ru', 'ru-RU'],
    ['ar', 'ar-SA'],
    ['de', 'de-DE'],
    ['pt-br', 'pt-PT'],
    ['RU', 'ru-RU'],
    ['ru-KAZ', 'ru-RU'],
    ['tr-TUR', 'tr-TR'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['zh-hans', 'en'],
    ['xx', 'en'],
    ['', 'en'],
    [null, 'en'],
  ])('%s → %s', (code, language) => {
    expect(languageFromCode(code, available)).toBe(language)
  })
})

describe('the locale segment of a path', () => {
  it('is the first segment when it is a locale', () => {
    expect(localeOfPath('/ru-RU/earn/home')).toBe('ru-RU')
    expect(localeOfPath('/en/earn/home')).toBe('en')
    expect(localeOfPath('/earn/home')).toBeUndefined()
    expect(localeOfPath('/')).toBeUndefined()
  })
})
