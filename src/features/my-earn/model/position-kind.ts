import type { Position } from '../../../../contract/earn-account.schema'
import { ProductType } from '../../../../contract/enums'

/** How a position can be left: mirrors the server's behaviour per product (ours, documented). */
export type PositionKind = 'flexible' | 'fixed' | 'dual' | 'liquidity'

export function positionKind(p: Pick<Position, 'product_type' | 'maturity_at'>): PositionKind {
  if (p.product_type === ProductType.Dual) return 'dual'
  if (p.product_type === ProductType.Liquidity) return 'liquidity'
  return p.maturity_at === null ? 'flexible' : 'fixed'
}

/** A fixed term redeemed before maturity gives up its accrued yield (spec: early-redeem forfeit). */
export const isEarlyRedeem = (p: Pick<Position, 'maturity_at'>, nowSeconds: number) =>
  p.maturity_at !== null && nowSeconds < p.maturity_at

/** Positions grouped by product type, groups in the order of their first position. */
export function groupByProductType(positions: readonly Position[]): [number, Position[]][] {
  const groups = new Map<number, Position[]>()
  for (const p of positions) {
    const g = groups.get(p.product_type) ?? []
    g.push(p)
    groups.set(p.product_type, g)
  }
  return [...groups.entries()]
}
