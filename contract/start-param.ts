// Shared by the client (startapp launches) and the bot (/start payloads): pure, no imports.

/** What Telegram may put in start_param (t.me/<bot>/<app>?startapp=<payload>). */
export const START_PARAM_PATTERN = /^[\w-]{0,512}$/

/** Route key → path template; a `$name` segment takes the payload's argument. */
export type StartRoutes = Readonly<Record<string, string>>

/**
 * Payload scheme (docs/telegram.md): `<route>` or `<route>_<argument>`. The route key is the
 * part before the first underscore (keys never contain one); the argument is the rest, so
 * product ids may hold `_` and `-`. Returns the path to open, or null when the payload is not
 * valid, names no allowed route, or its argument does not fit the route.
 */
export function startParamPath(payload: string, routes: StartRoutes): string | null {
  if (!payload || !START_PARAM_PATTERN.test(payload)) return null
  const cut = payload.indexOf('_')
  const key = cut < 0 ? payload : payload.slice(0, cut)
  const arg = cut < 0 ? '' : payload.slice(cut + 1)
  if (!Object.hasOwn(routes, key)) return null
  const template = routes[key]!
  const slots = template.match(/\$[A-Za-z]\w*/g) ?? []
  if (slots.length > 1) return null
  if (slots.length === 0) return arg ? null : template
  if (!arg) return null
  return template.replace(slots[0]!, encodeURIComponent(arg))
}

/** The path a launch opens: the payload's route, else home (unknown or invalid payloads). */
export const startPathFor = (payload: string | null, routes: StartRoutes, home: string) =>
  (payload && startParamPath(payload, routes)) || home

/** The payload that opens a route: the inverse of startParamPath, for links and docs. */
export function startParamFor(key: string, arg?: string): string {
  const payload = arg ? `${key}_${arg}` : key
  if (!START_PARAM_PATTERN.test(payload)) throw new Error(`not a valid start_param: ${payload}`)
  return payload
}
