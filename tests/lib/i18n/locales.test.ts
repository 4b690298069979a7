import { afterAll, describe, expect, it } from 'vitest'
import { loadNamespace, type PageNamespace } from '../../../src/app/i18n-namespaces'
import { loadExportTexts } from '../../../src/features/export/export-texts'
import { i18n, setLanguage, TEXT_LANGUAGES } from '../../../src/lib/i18n/i18n'
import { LOCALE_MAPPING, mapLocale } from '../../../src/lib/locale/locale'
import {
  baseKey,
  englishTexts,
  languages,
  placeholders,
  PLURAL,
  readTexts,
  textFiles,
} from '../../support/locale-texts'

// How the client loads the texts; what each language must contain is locale-completeness.test.ts.

const PAGE_NAMESPACES: PageNamespace[] = [
  'subscribe',
  'auth',
  'compliance',
  'my-earn',
  'settings',
  'pages',
]

const folders = languages()
/** The client's files: every top-level one (server/ holds the bot's texts). */
const isClientFile = (file: string) => !file.includes('/')
const english = [...englishTexts()].filter(([file]) => isClientFile(file))

afterAll(() => setLanguage('en'))

describe('locale folders', () => {
  it('every locale the spec mapping names has a folder, and the client knows every folder', () => {
    const targets = new Set(Object.values(LOCALE_MAPPING).map(mapLocale))
    for (const lng of targets) expect(folders, `locales/${lng}`).toContain(lng)
    expect([...TEXT_LANGUAGES].sort()).toEqual(folders.filter((f) => f !== 'en').sort())
    for (const lng of folders) expect(textFiles(lng), lng).toContain('common.json')
  })

  it.each(['en', ...TEXT_LANGUAGES])(
    '%s: every English key shows text, its own or the English fallback, never the raw key',
    async (lng) => {
      await setLanguage(lng)
      for (const ns of PAGE_NAMESPACES) await loadNamespace(ns)
      await loadExportTexts()
      expect(i18n.language).toBe(lng)
      const all = new Map(english.flatMap(([, m]) => [...m]))
      for (const [key, text] of all as Map<string, string>) {
        const base = baseKey(key)
        const values = Object.fromEntries(placeholders(text).map((v) => [v, 'X']))
        for (const count of [0, 1, 2, 5, 21, 1.5]) {
          const shown = String(i18n.t(base, { ...values, count }))
          expect(shown, `${lng}: ${base}`).not.toBe(base)
          if (text !== '') expect(shown.trim(), `${lng}: ${base}`).not.toBe('')
          expect(shown, `${lng}: ${base}`).not.toMatch(/\{\{/)
        }
      }
    },
  )

  it('kk-KZ (and kk-KAZ, which maps to it) shows Kazakh on the home page', async () => {
    await setLanguage(mapLocale('kk-KAZ'))
    expect(i18n.language).toBe('kk-KZ')
    expect(i18n.t('home.banner.title')).toBe('Криптоңыз сіз үшін жұмыс істесін')
    expect(i18n.t('products.days', { count: 30 })).toBe('30 күн')
    await loadNamespace('subscribe')
    expect(i18n.t('subscribe.voucher.none')).toBe('Ваучерсіз')
  })

  it.each(TEXT_LANGUAGES)(
    '%s: every text of its own files is the one shown (each file of it is loaded)',
    async (lng) => {
      await setLanguage(lng)
      for (const ns of PAGE_NAMESPACES) await loadNamespace(ns)
      await loadExportTexts()
      for (const file of textFiles(lng).filter(isClientFile)) {
        const texts = readTexts(lng, file)
        if (texts instanceof Error) continue // locale-completeness.test.ts reports it
        for (const [key, text] of texts)
          if (typeof text === 'string' && !PLURAL.test(key) && !placeholders(text).length)
            expect(i18n.t(key), `${lng}/${file}: ${key}`).toBe(text)
      }
    },
  )

  it('a page text a language has no bundle for falls back to English', async () => {
    await setLanguage('en')
    // A language the client has no files for: its page bundles load English only.
    await i18n.changeLanguage('xx-XX')
    await loadNamespace('subscribe')
    expect(i18n.t('subscribe.voucher.none')).toBe('No voucher')
  })
})
