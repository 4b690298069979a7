import { RetCode } from '../../../contract/ret-codes'

/** Compliance code that opens the wall modal (spec §6, §8). */
export const COMPLIANCE_WALL_CODE = RetCode.ComplianceWall

export type ComplianceWallDetail = { url: string; response: unknown }

const target = new EventTarget()
const EVENT = 'compliance-wall'

/** Tells the UI to show the compliance wall; the HTTP layer calls it, the UI listens. */
export function openComplianceWall(detail: ComplianceWallDetail): void {
  target.dispatchEvent(new CustomEvent<ComplianceWallDetail>(EVENT, { detail }))
}

/** Subscribes to compliance-wall openings; returns the unsubscribe function. */
export function onComplianceWall(listener: (detail: ComplianceWallDetail) => void): () => void {
  const handler = (e: Event) => listener((e as CustomEvent<ComplianceWallDetail>).detail)
  target.addEventListener(EVENT, handler)
  return () => target.removeEventListener(EVENT, handler)
}
