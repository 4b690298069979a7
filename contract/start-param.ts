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
  const invited = splitInvitation(payload)
  if (invited.inviter !== null) return invited.route ? startParamPath(invited.route, routes) : null
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

/**
 * An invitation in front of a payload (docs/telegram.md): `ref-<inviter's member id>`, alone or
 * followed by `_` and the route payload (`ref-200001_product_flex-usdt`). `ref-` is no route key.
 */
export const INVITATION_PREFIX = 'ref-'
const INVITATION = /^ref-([1-9]\d{0,9})(?:_(.*))?$/
/** users.parent_member_id is an int4. */
const MAX_MEMBER_ID = 2_147_483_647

/** The inviter's member id (null without a valid invitation) and the route payload after it. */
export function splitInvitation(payload: string): { inviter: number | null; route: string } {
  const m = START_PARAM_PATTERN.test(payload) ? INVITATION.exec(payload) : null
  if (!m) return { inviter: null, route: payload }
  const inviter = Number(m[1])
  return { inviter: inviter <= MAX_MEMBER_ID ? inviter : null, route: m[2] ?? '' }
}

/** A payload carrying the inviter's invitation in front of a route payload (or alone for home). */
export function invitationPayload(inviter: number, route?: string): string {
  return startParamFor(`${INVITATION_PREFIX}${inviter}${route ? `_${route}` : ''}`)
}

/** The link that opens the mini-app with a payload: t.me/<bot>/<app>?startapp=<payload>. */
export const miniAppLinkOf = (bot: string, app: string, payload?: string) =>
  `https://t.me/${bot}/${app}${payload ? `?startapp=${payload}` : ''}`
