import { describe, expect, it } from 'vitest'
import { validateHomeSearch } from '../../../src/features/earn-products/home-search'

// Spec §2's campaign parameters as the home route reads them (e2e/earn-campaign-links.spec.ts
// opens them in a browser).
describe('home search params (spec §2 campaign links)', () => {
  it('keeps search, token, sppRef and scrollTo, trimmed; token is a coin in upper case', () => {
    expect(
      validateHomeSearch({ search: ' sol ', token: 'eth', sppRef: 'spring', scrollTo: 'banner' }),
    ).toMatchObject({ search: 'sol', token: 'ETH', sppRef: 'spring', scrollTo: 'banner' })
  })

  it('drops what is not one: a token that is no coin name, empty values, unknown types', () => {
    const out = validateHomeSearch({
      token: '<script>',
      search: '   ',
      sppRef: '',
      scrollTo: '',
      type: '999',
    })
    expect(out).toEqual({
      search: undefined,
      coin: undefined,
      type: undefined,
      token: undefined,
      sppRef: undefined,
      scrollTo: undefined,
    })
  })

  it('bounds the lengths', () => {
    const out = validateHomeSearch({ search: 'x'.repeat(100), sppRef: 'r'.repeat(100) })
    expect(out.search).toHaveLength(40)
    expect(out.sppRef).toHaveLength(64)
  })
})
