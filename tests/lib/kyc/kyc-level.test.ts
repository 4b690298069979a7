import { describe, expect, it } from 'vitest'
import { kycLevel } from '../../../src/lib/kyc/kyc-level'

describe('kycLevel (spec §3)', () => {
  it.each([
    ['LEVEL_DEFAULT', 0],
    ['LEVEL_1', 1],
    ['LEVEL_2', 2],
    [0, 0],
    [1, 1],
    [2, 2],
    ['2', 2],
    ['LEVEL_3', 0],
    [3, 0],
    [-1, 0],
    [null, 0],
    [undefined, 0],
    [{}, 0],
  ])('%j → %i', (level, expected) => {
    expect(kycLevel(level)).toBe(expected)
  })
})
