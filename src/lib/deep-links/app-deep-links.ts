import { APP_LINK_SCHEME, DEEP_LINK_RULES } from '../../../contract/app-deep-links'
import { isLocale } from '../locale/locale'

/**
 * An app screen: its name and params (the table's fixed ones and captured path segments), and
 * the web link's query keys the table passes on, under their own names (spec §2: savings' `id`
 * and `type`). Kept apart from params, so the link's `type` never meets the screen's type 4.
 */
export type AppScreen = {
  screen: string
  params?: Record<string, string>
  query?: Record<string, string>
}

/** A web path without its locale prefix and trailing slash: `/ar-SA/earn/home/` → `/earn/home`. */
export function webPagePath(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean)
  if (isLocale(segments[0])) segments.shift()
  return `/${segments.join('/')}`
}

function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean)
  const have = path.split('/').filter(Boolean)
  if (want.length !== have.length) return null
  const captured: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!
    if (w.startsWith(':')) captured[w.slice(1)] = decodeURIComponent(have[i]!)
    else if (w !== have[i]) return null
  }
  return captured
}

/** Captured segments as screen params: spot base+quote and derivatives symbol become `symbol`. */
function screenParams(captured: Record<string, string>): Record<string, string> {
  const { base, quote, ...rest } = captured
  return base && quote ? { symbol: `${base}${quote}`.toUpperCase(), ...rest } : rest
}

/** The app screen for a web URL (path, optional locale prefix, query), or null when unmapped. */
export function appScreenFor(url: string): AppScreen | null {
  const parsed = new URL(url, 'https://placeholder.invalid')
  const path = webPagePath(parsed.pathname)
  for (const rule of DEEP_LINK_RULES) {
    const captured = matchPath(rule.path, path)
    if (!captured) continue
    const params: Record<string, string> = { ...rule.params, ...screenParams(captured) }
    const query: Record<string, string> = {}
    for (const key of rule.query ?? []) {
      const value = parsed.searchParams.get(key)
      if (value) query[key] = value
    }
    return {
      screen: rule.screen,
      ...(Object.keys(params).length ? { params } : {}),
      ...(Object.keys(query).length ? { query } : {}),
    }
  }
  return null
}

/** The app link for a screen: scheme, screen, then its params as a query. */
export function appLink({ screen, params }: Omit<AppScreen, 'query'>): string {
  const query = params ? `?${new URLSearchParams(params)}` : ''
  return `${APP_LINK_SCHEME}${screen}${query}`
}
