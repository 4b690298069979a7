import { describe, expect, it } from 'vitest'
import { safeRedirectPath } from '../../../src/features/auth/redirect-target'

const origin = 'https://www.example.com'

describe('login redirect target', () => {
  it('returns same-origin pages as a path', () => {
    expect(safeRedirectPath(`${origin}/earn/product/flex-usdt?x=1#a`, origin)).toBe(
      '/earn/product/flex-usdt?x=1#a',
    )
    expect(safeRedirectPath('/ar-SA/earn/home', origin)).toBe('/ar-SA/earn/home')
  })

  it('refuses other sites, protocol-relative tricks and the login page itself', () => {
    expect(safeRedirectPath('https://evil.example/earn', origin)).toBeNull()
    expect(safeRedirectPath('//evil.example/earn', origin)).toBeNull()
    expect(safeRedirectPath('javascript:alert(1)', origin)).toBeNull()
    expect(safeRedirectPath(`${origin}/en/login?redirect_url=x`, origin)).toBeNull()
    expect(safeRedirectPath(undefined, origin)).toBeNull()
  })
})
