// Spec §5 (validation rules) as the client uses them.
import { describe, expect, it, vi } from 'vitest'
import { GRAY_RELEASE_COOKIE_MAX_AGE_SECONDS } from '../../contract/cookie-names'
import { GrayReleaseStage, STAGE_DIGITS, isFeatureOn } from '../../contract/gray-release'
import { IMAGE_FORMATS, imageQuality } from '../../src/lib/images/image-url'
import { LOCALE_PATTERN } from '../../src/lib/locale/locale'
import { CLOCK_SKEW_TOLERANCE_MS, CLOCK_SKEW_WARNING_MS } from '../../src/lib/time/server-time'

describe('§5 feature gating', () => {
  it('Stage2 digits 1, 3, 5, 7, 9; Stage1 digits 1, 3', () => {
    expect(STAGE_DIGITS[GrayReleaseStage.Stage2]).toEqual([1, 3, 5, 7, 9])
    expect(STAGE_DIGITS[GrayReleaseStage.Stage1]).toEqual([1, 3])
  })
  it('Close off, Open on, anonymous only Open', () => {
    expect(isFeatureOn({ stage: GrayReleaseStage.Close, userId: 1 })).toBe(false)
    expect(isFeatureOn({ stage: GrayReleaseStage.Open })).toBe(true)
    expect(isFeatureOn({ stage: GrayReleaseStage.Stage2 })).toBe(false)
  })
  it('result cookie kept 7 days', () =>
    expect(GRAY_RELEASE_COOKIE_MAX_AGE_SECONDS).toBe(7 * 86_400))
})

describe('§5 image quality and formats', () => {
  it.each([
    [0, false],
    [0.01, true],
    [100, true],
    [100.01, false],
  ])('quality %s valid: %s', (q, valid) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    imageQuality(q, 'webp')
    expect(warn.mock.calls.length === 0).toBe(valid)
    warn.mockRestore()
  })
  it('formats png, jpg, jpeg, webp, avif, auto', () => {
    expect(IMAGE_FORMATS).toEqual(['png', 'jpg', 'jpeg', 'webp', 'avif', 'auto'])
  })
})

describe('§5 locale pattern and clock skew', () => {
  it.each([
    ['en', true],
    ['ar-SA', true],
    ['fil-PHL', true],
    ['fr', false],
    ['ar-SAUD', false],
  ])('%s matches: %s', (s, ok) => expect(LOCALE_PATTERN.test(s)).toBe(ok))
  it('skew under 10 s ignored, over 24 h warned', () => {
    expect(CLOCK_SKEW_TOLERANCE_MS).toBe(10_000)
    expect(CLOCK_SKEW_WARNING_MS).toBe(86_400_000)
  })
})
