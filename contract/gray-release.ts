// Gray release (spec §5, §7): the stages, the rule that lets a user in, and which products each
// scene gates. Dependency-free: the client hides cards with it and the server refuses the same
// products (get-product-detail, preview-order, pay-order) with it.

import { ProductType } from './enums'
import { GrayReleaseScene } from './gray-release-scenes'

/** Gray-release stages (spec §4). */
export const GrayReleaseStage = {
  Unknown: -1,
  Close: 0,
  Internal: 1,
  Stage1: 2,
  Stage2: 3,
  Open: 4,
} as const
export type GrayReleaseStage = (typeof GrayReleaseStage)[keyof typeof GrayReleaseStage]

/** Last digits of the user id that pass each staged rollout (spec §5). */
export const STAGE_DIGITS: Readonly<Record<number, readonly number[]>> = {
  [GrayReleaseStage.Stage1]: [1, 3],
  [GrayReleaseStage.Stage2]: [1, 3, 5, 7, 9],
}

/** A stage number from config text; anything unrecognised is Unknown. */
export function parseStage(value: unknown): GrayReleaseStage {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10)
  return (Object.values(GrayReleaseStage) as number[]).includes(n)
    ? (n as GrayReleaseStage)
    : GrayReleaseStage.Unknown
}

export type GrayReleaseInput = {
  stage: GrayReleaseStage
  /** The logged-in user's id; 0 or absent when anonymous. */
  userId?: number
  whitelist?: readonly number[]
  /** A grant stored earlier for this feature and user. */
  storedGrant?: boolean
}

/** Whether a feature is on for this user (spec §5). */
export function isFeatureOn({
  stage,
  userId,
  whitelist = [],
  storedGrant,
}: GrayReleaseInput): boolean {
  if (stage === GrayReleaseStage.Close) return false
  if (stage === GrayReleaseStage.Open) return true
  // Gating needs a logged-in user: without one only Open passes.
  if (!userId || userId <= 0) return false
  if (storedGrant) return true
  if (stage === GrayReleaseStage.Internal) return whitelist.includes(userId)
  const digits = STAGE_DIGITS[stage]
  return digits ? digits.includes(userId % 10) : false
}

/** The config project the earn section reads its stages from. */
export const CONFIG_PROJECT = 'earn'
export const stageKey = (scene: string) => `${scene}_stage`
export const userlistKey = (scene: string) => `${scene}_userlist`

/** The scene that gates each gray-released product type; the others are always on. */
export const PRODUCT_TYPE_SCENES: Readonly<Partial<Record<number, GrayReleaseScene>>> = {
  [ProductType.StructuredProduct]: GrayReleaseScene.StructuredProducts,
  [ProductType.Launch]: GrayReleaseScene.LaunchpoolShow,
}

/**
 * The envelope's ext_code beside 334 (not eligible) when a product's stage does not include
 * the user: the product page shows "not available to you" for it.
 */
export const NOT_RELEASED_EXT_CODE = 'not_released'
