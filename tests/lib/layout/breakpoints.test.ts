import { describe, expect, it } from 'vitest'
import {
  breakpointFor,
  isMobileDevice,
  isMobileWidth,
  isWideWeb,
  MEDIA_QUERIES,
} from '../../../src/lib/layout/breakpoints'

describe('layout (spec §9)', () => {
  it.each([
    [0, 'xs'],
    [575, 'xs'],
    [576, 'sm'],
    [767, 'sm'],
    [768, 'md'],
    [991, 'md'],
    [992, 'lg'],
    [1199, 'lg'],
    [1200, 'xl'],
    [1920, 'xl'],
  ])('%i px is %s', (w, bp) => {
    expect(breakpointFor(w)).toBe(bp)
  })

  it('mobile layout up to 767 px, wide web from 1201 px', () => {
    expect([isMobileWidth(767), isMobileWidth(768)]).toEqual([true, false])
    expect([isWideWeb(1200), isWideWeb(1201)]).toEqual([false, true])
    expect(MEDIA_QUERIES).toEqual({
      mobile: '(max-width: 767px)',
      webNarrow: '(max-width: 1200px)',
      webWide: '(min-width: 1201px)',
    })
  })

  it('mobile devices are told by user agent', () => {
    expect(isMobileDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4) Mobile/15E148')).toBe(true)
    expect(isMobileDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0')).toBe(false)
  })
})
