import { describe, expect, it } from 'vitest'
import { readCookie, writeCookie } from '../../../src/lib/cookies/cookies'

describe('cookies', () => {
  it('writes, reads back (encoded) and expires', () => {
    writeCookie('a_b', 'x y;z', 60)
    writeCookie('other', '1', 60)
    expect(readCookie('a_b')).toBe('x y;z')
    expect(readCookie('a')).toBeUndefined()
    writeCookie('a_b', '', 0)
    expect(readCookie('a_b')).toBeUndefined()
    expect(readCookie('other')).toBe('1')
  })
})
