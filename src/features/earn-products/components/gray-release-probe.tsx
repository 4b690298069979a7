import { useEffect } from 'react'
import { useFeature } from '../../../lib/gray-release/use-feature'

/** Reports whether a gray-released scene is on; loaded lazily, so gating stays out of the first load. */
export default function GrayReleaseProbe({
  scene,
  onResult,
}: {
  scene: string
  onResult: (on: boolean) => void
}) {
  const on = useFeature(scene)
  useEffect(() => onResult(on), [on, onResult])
  return null
}
