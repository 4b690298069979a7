import { describe, expect, it } from 'vitest'
import { availableLanguages, i18n, setLanguage } from '../../../src/lib/i18n/i18n'

describe('i18n', () => {
  it('loads Arabic on demand and sets right-to-left; unknown languages show English', async () => {
    expect(availableLanguages()).toEqual(expect.arrayContaining(['en', 'ar-SA']))
    await setLanguage('ar-SA')
    expect(i18n.t('errors.order.soldOut')).toBe('نفدت كمية هذا المنتج.')
    expect(document.documentElement.dir).toBe('rtl')
    await setLanguage('xx-YY')
    expect(i18n.language).toBe('en')
    expect(i18n.t('errors.order.soldOut')).toBe('This product is sold out.')
    expect(document.documentElement.dir).toBe('ltr')
  })
})
