import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { sessionStore } from '../session/session-store'
import { isFeatureOn, GrayReleaseStage } from '../../../contract/gray-release'
import { hasStoredGrant, storeGrant } from './gray-release-grant'
import { sceneWhitelistQueryOptions } from './whitelist'

/** Whether a gray-released feature is on for the signed-in user; false while loading. */
export function useFeature(scene: string): boolean {
  const { userId } = useSnapshot(sessionStore)
  const { data } = useQuery(sceneWhitelistQueryOptions(scene))
  const stage = data?.stage ?? GrayReleaseStage.Unknown
  const on = isFeatureOn({
    stage,
    userId,
    whitelist: data?.userIds ?? [],
    storedGrant: data ? hasStoredGrant(scene, userId) : false,
  })
  // Staged grants are remembered for 7 days; Open needs no cookie.
  useEffect(() => {
    if (on && stage !== GrayReleaseStage.Open) storeGrant(scene, userId)
  }, [on, stage, scene, userId])
  return on
}
