import { describe, expect, it } from 'vitest'
import { candleShapes } from '../../../src/features/earn-products/model/candle-geometry'

const candle = (t: number, o: number, h: number, l: number, c: number) => ({
  t,
  o: String(o),
  h: String(h),
  l: String(l),
  c: String(c),
})

describe('candle geometry', () => {
  it('places one candle per slot, scaled between the lowest low and the highest high', () => {
    const [up, down] = candleShapes(
      [candle(1, 100, 120, 90, 110), candle(2, 110, 115, 80, 85)],
      200,
      40,
    )
    // Two slots of 100: centres at 50 and 150, bodies 60 wide.
    expect(up).toMatchObject({ t: 1, x: 50, width: 60, rising: true })
    expect(down).toMatchObject({ t: 2, x: 150, width: 60, rising: false })
    // Range 80..120 over 40 units: 1 unit per price step, y grows downwards.
    expect(up).toMatchObject({ highY: 0, lowY: 30, bodyY: 10, bodyHeight: 10 })
    expect(down).toMatchObject({ highY: 5, lowY: 40, bodyY: 10, bodyHeight: 25 })
  })

  it('draws a flat candle as a one-unit body and an unchanged market without dividing by 0', () => {
    const [flat] = candleShapes([candle(1, 50, 50, 50, 50)], 100, 40)
    expect(flat).toMatchObject({ rising: true, bodyHeight: 1, highY: 0, lowY: 0 })
    expect(candleShapes([], 100, 40)).toEqual([])
  })
})
