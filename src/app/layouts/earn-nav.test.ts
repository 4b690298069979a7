import { describe, expect, it } from 'vitest'
import { PAGE_KEYS } from '../../../contract/enums'
import { SECTION_KEYS } from '../../features/earn-products/sections'
import { NAV_FAMILIES } from './earn-nav'

describe('the earn navigation', () => {
  it('has at most six families that together reach every page key and section once', () => {
    expect(NAV_FAMILIES.length).toBeLessThanOrEqual(6)
    const reached = NAV_FAMILIES.flat()
    expect(new Set(reached).size).toBe(reached.length)
    expect([...reached].sort()).toEqual([...PAGE_KEYS, ...SECTION_KEYS].sort())
  })
})
