import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ProductType } from '../../../contract/enums'
import { allocationByType } from '../../../src/features/my-earn/model/allocation'

const sum = (xs: { percent: number }[]) => Math.round(xs.reduce((s, x) => s + x.percent * 10, 0))

describe('allocation by product type', () => {
  it('orders the types largest first and gives each its share of the total', () => {
    const slices = allocationByType([
      { product_type: ProductType.Flexible, usd_value: '250' },
      { product_type: ProductType.FixedTerm, usd_value: '750' },
    ])
    expect(slices).toEqual([
      { productType: ProductType.FixedTerm, usd: '750', percent: 75 },
      { productType: ProductType.Flexible, usd: '250', percent: 25 },
    ])
  })

  it('hands the tenths left over by rounding to the largest remainders: thirds add up to 100', () => {
    const slices = allocationByType([
      { product_type: ProductType.Flexible, usd_value: '1' },
      { product_type: ProductType.FixedTerm, usd_value: '1' },
      { product_type: ProductType.POS, usd_value: '1' },
    ])
    expect(slices.map((s) => s.percent)).toEqual([33.4, 33.3, 33.3])
  })

  it('leaves out empty types and says nothing for an empty or zero total', () => {
    expect(allocationByType(undefined)).toEqual([])
    expect(allocationByType([{ product_type: ProductType.Flexible, usd_value: '0' }])).toEqual([])
    expect(
      allocationByType([
        { product_type: ProductType.Flexible, usd_value: '0' },
        { product_type: ProductType.Dual, usd_value: '12.5' },
      ]),
    ).toEqual([{ productType: ProductType.Dual, usd: '12.5', percent: 100 }])
  })

  it('always adds up to exactly 100.0 %, whatever the values', () => {
    const types = Object.values(ProductType)
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...types), { minLength: 1, maxLength: types.length }),
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 20, maxLength: 20 }),
        (picked, cents) => {
          const slices = allocationByType(
            picked.map((t, i) => ({ product_type: t, usd_value: (cents[i]! / 100).toFixed(2) })),
          )
          expect(sum(slices)).toBe(1000)
          for (const s of slices) expect(s.percent).toBeGreaterThanOrEqual(0)
        },
      ),
    )
  })
})
