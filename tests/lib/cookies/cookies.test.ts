import { describe, expect, it } from 'vitest'
import { deleteCookie, readCookie, writeCookie } from '../../../src/lib/cookies/cookies'

describe('cookies', () => {
  it('writes, reads back (encoded) and deletes', () => {
    writeCookie('a_b', 'x y;z', 60)
    writeCookie('other', '1', 60)
    expect(readCookie('a_b')).toBe('x y;z')
    expect(readCookie('a')).toBeUndefined()
    deleteCookie('a_b')
    expect(readCookie('a_b')).toBeUndefined()
    expect(readCookie('other')).toBe('1')
  })
})
