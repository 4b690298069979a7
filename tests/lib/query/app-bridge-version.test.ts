import { describe, expect, it } from 'vitest'
import { compareVersions, supportsAppBridge } from '../../../src/lib/app-bridge/app-bridge-version'

describe('app bridge version', () => {
  it.each([
    ['3.6.1', true],
    ['3.6.10', true],
    ['3.7', true],
    ['4.0.0', true],
    ['3.6.0', false],
    ['3.6', false],
    ['2.99.99', false],
    ['', false],
    [null, false],
  ])('%s supported: %s', (v, ok) => {
    expect(supportsAppBridge(v)).toBe(ok)
  })
  it('compares numerically, not as text', () => {
    expect(compareVersions('3.10.0', '3.9.9')).toBe(1)
    expect(compareVersions('3.6', '3.6.0')).toBe(0)
    expect(compareVersions('1.2', '1.10')).toBe(-1)
  })
})
