/** The oldest exchange app whose bridge the client uses (spec §9). */
export const MIN_APP_BRIDGE_VERSION = '3.6.1'

/** Compares dotted numeric versions; missing parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((p) => Number.parseInt(p, 10) || 0)
  const pb = b.split('.').map((p) => Number.parseInt(p, 10) || 0)
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0)
    if (d !== 0) return Math.sign(d)
  }
  return 0
}

export const supportsAppBridge = (appVersion: string | null | undefined) =>
  !!appVersion && compareVersions(appVersion, MIN_APP_BRIDGE_VERSION) >= 0
