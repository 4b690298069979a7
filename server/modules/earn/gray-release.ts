import { and, eq } from 'drizzle-orm'
import {
  CONFIG_PROJECT,
  isFeatureOn,
  NOT_RELEASED_EXT_CODE,
  parseStage,
  PRODUCT_TYPE_SCENES,
  stageKey,
} from '../../../contract/gray-release'
import { configEntries, grayReleaseWhitelists } from '../../db/schema'
import type { CurrentUser } from '../../http/auth'
import { ApiError, OrderRetCode } from '../../http/errors'
import type { Executor } from './money'

/**
 * Whether the product's gray-release stage includes this user (spec §5), by the rule the client
 * hides cards with (contract/gray-release.ts). Products of a type no scene gates always pass.
 * The client's 7-day grant cookie is not read: a cookie the client writes cannot grant access.
 */
export async function releasedTo(
  db: Executor,
  productType: number,
  user: CurrentUser | null,
): Promise<boolean> {
  const scene = PRODUCT_TYPE_SCENES[productType]
  if (!scene) return true
  const [entry] = await db
    .select({ value: configEntries.value })
    .from(configEntries)
    .where(
      and(eq(configEntries.projectName, CONFIG_PROJECT), eq(configEntries.name, stageKey(scene))),
    )
  const stage = parseStage(entry?.value)
  const listed = user
    ? await db
        .select({ userId: grayReleaseWhitelists.userId })
        .from(grayReleaseWhitelists)
        .where(
          and(eq(grayReleaseWhitelists.scene, scene), eq(grayReleaseWhitelists.userId, user.id)),
        )
    : []
  return isFeatureOn({ stage, userId: user?.id, whitelist: listed.map((w) => w.userId) })
}

/** 334 with ext_code `not_released` when the product's stage does not include the user. */
export async function assertReleased(
  db: Executor,
  productType: number,
  user: CurrentUser | null,
): Promise<void> {
  if (!(await releasedTo(db, productType, user)))
    throw new ApiError(
      OrderRetCode.NotEligible,
      'this product is not available to you',
      200,
      {},
      NOT_RELEASED_EXT_CODE,
    )
}
