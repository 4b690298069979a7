import dayjs from 'dayjs'
import { afterAll, describe, expect, it } from 'vitest'
import { loadNamespace } from '../../../src/app/i18n-namespaces'
import { i18n, setLanguage, TEXT_LANGUAGES } from '../../../src/lib/i18n/i18n'
import { loadDayjsLocale } from '../../../src/lib/time/dayjs-locale'
import { formatDateTime } from '../../../src/lib/time/time-format'

// 1970-01-01 was a Thursday, in January.
const month = () => dayjs.unix(0).utc().format('MMMM')

afterAll(() => setLanguage('en'))

describe('dayjs follows the text language (issue 29)', () => {
  it('a page bundle of another language brings its dayjs locale; English needs none', async () => {
    await setLanguage('de-DE')
    await loadNamespace('my-earn')
    expect(dayjs.locale()).toBe('de')
    expect(month()).toBe('Januar')
    expect(dayjs.unix(0).utc().format('dddd')).toBe('Donnerstag')
    // The spec's numeric formats (§9) stay what they are in every language.
    expect(formatDateTime(0)).toMatch(/^19(69|70)-\d\d-\d\d \d\d:\d\d:\d\d$/)
    await setLanguage('en')
    await Promise.resolve()
    expect(dayjs.locale()).toBe('en')
    expect(month()).toBe('January')
  })

  it.each(TEXT_LANGUAGES)('%s has a dayjs locale of its own', async (language) => {
    await setLanguage(language)
    await loadDayjsLocale(language)
    expect(dayjs.locale()).toBe(
      language.toLowerCase().startsWith('ar') ? 'ar-sa' : language.split('-')[0],
    )
    expect(month()).not.toBe('January')
    expect(i18n.language).toBe(language)
  })
})
