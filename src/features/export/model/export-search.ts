// The export route's search params; no dayjs here, since route validation ships in the first load.

export const EXPORT_PRESETS = ['7', '30', '90', 'custom'] as const
export type ExportPreset = (typeof EXPORT_PRESETS)[number]

export type ExportSearch = { preset: ExportPreset; start?: string; end?: string }

const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined)

/** ?preset=7|30|90|custom (default 30) and, for custom, start/end as YYYY-MM-DD (UTC days). */
export function validateExportSearch(search: Record<string, unknown>): ExportSearch {
  const raw = String(search.preset)
  const preset = (EXPORT_PRESETS as readonly string[]).includes(raw) ? (raw as ExportPreset) : '30'
  if (preset !== 'custom') return { preset }
  const start = day(search.start)
  const end = day(search.end)
  return { preset, ...(start ? { start } : {}), ...(end ? { end } : {}) }
}
