import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import en from '../../../locales/en/common.json'
import { DEFAULT_LANGUAGE, isRtl } from '../locale/locale'

// English ships with the shell; every other language is its own chunk, loaded on demand.
const lazyLocales = import.meta.glob<{ default: Record<string, unknown> }>([
  '../../../locales/*/*.json',
  '!../../../locales/en/*.json',
])

export const NAMESPACES = ['common'] as const

export function availableLanguages(): string[] {
  const langs = new Set([DEFAULT_LANGUAGE])
  for (const path of Object.keys(lazyLocales)) langs.add(path.split('/').at(-2)!)
  return [...langs]
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

/** Loads a language's namespaces (when it has any) and switches to it; unknown → en text. */
export async function setLanguage(language: string): Promise<void> {
  const target = availableLanguages().includes(language) ? language : DEFAULT_LANGUAGE
  for (const ns of NAMESPACES) {
    const load = lazyLocales[`../../../locales/${target}/${ns}.json`]
    if (load && !i18n.hasResourceBundle(target, ns)) {
      i18n.addResourceBundle(target, ns, (await load()).default, true, true)
    }
  }
  if (i18n.language !== target) await i18n.changeLanguage(target)
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language
    document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr'
  }
}
