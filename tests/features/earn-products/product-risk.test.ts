import { describe, expect, it } from 'vitest'
import { ProductType } from '../../../contract/enums'
import { byRisk, riskLevel } from '../../../contract/product-risk'

describe('product risk', () => {
  it('orders flexible, fixed and staking before anything that can lose principal', () => {
    const types = [
      ProductType.FUTUREBOOST,
      ProductType.Dual,
      ProductType.POS,
      ProductType.Flexible,
      ProductType.FixedTerm,
    ]
    expect(types.sort(byRisk)).toEqual([
      ProductType.Flexible,
      ProductType.FixedTerm,
      ProductType.POS,
      ProductType.Dual,
      ProductType.FUTUREBOOST,
    ])
  })

  it('tags principal-at-risk types high and savings low', () => {
    expect(riskLevel(ProductType.FUTUREBOOST)).toBe('high')
    expect(riskLevel(ProductType.Dual)).toBe('high')
    expect(riskLevel(ProductType.Liquidity)).toBe('high')
    expect(riskLevel(ProductType.Launch)).toBe('medium')
    expect(riskLevel(ProductType.Flexible)).toBe('low')
    expect(riskLevel(ProductType.WEALTH)).toBe('low')
  })
})
