import { describe, expect, it } from 'vitest'
import unoConfig from '../../../uno.config'
import { BREAKPOINTS } from '../../../src/lib/layout/breakpoints'

describe('layout (spec §9)', () => {
  it('the UnoCSS theme uses the spec breakpoints', () => {
    expect(unoConfig.theme?.breakpoints).toEqual({
      xs: '0px',
      sm: '576px',
      md: '768px',
      lg: '992px',
      xl: '1200px',
    })
  })

  it('mobile layout is at most 767 px (below md), the web breakpoint is xl 1200', () => {
    expect(BREAKPOINTS.md - 1).toBe(767)
    expect(BREAKPOINTS.xl).toBe(1200)
  })
})
