// Where the API lives (spec §7), dependency-free: the server mounts these and the client calls
// them, so neither half types a path again.

/** Every API path sits under this proxy prefix on the page's own origin. */
export const API_PREFIX = '/x-api'

/** GET: the coin list (contract/market.schema.ts's CoinTuple), public. */
export const COINS_PATH = '/get-coins'

/** POST: web configuration by key (spec §7), e.g. the gray-release stages and whitelists. */
export const CONFIG_WEB_PATH = '/v3/config/web'

/** Earn calls: POST `${API_PREFIX}${EARN_PATH}/<call>` with a JSON body. */
export const EARN_PATH = '/s1/byfi'

/** The earn socket, one path per channel: `${API_PREFIX}${EARN_SOCKET_PATH}/<channel>`. */
export const EARN_SOCKET_PATH = '/earn/ws'
export const EARN_SOCKET_PATH_PREFIX = `${API_PREFIX}${EARN_SOCKET_PATH}`

/** The spot quote socket, on the root app (the spec's quote host path, not under the prefix). */
export const SPOT_QUOTE_SOCKET_PATH = '/spot/ws/quote/v1'
/** The one topic of the spot quote socket. */
export const SPOT_QUOTE_TOPIC = 'realtimes'

/** GET: the signed-in user's profile (spec §3), under API_PREFIX. */
export const PROFILE_PATH = '/v2/private/user/profile'

/** POST: Telegram's signed initData for a session (the mini-app's login, docs/telegram.md). */
export const TELEGRAM_LOGIN_PATH = '/v1/auth/telegram'

/**
 * POST: a single-use ticket (30 s) that opens the private earn socket for the caller's session,
 * presented in the upgrade's Sec-WebSocket-Protocol (contract/earn-socket.ts), so the socket
 * works on the ws2 host, where the page's cookie is not sent, and for cookie-less sessions.
 */
export const SOCKET_TICKET_PATH = '/v1/auth/socket-ticket'

/** The OpenAPI 3.1 document generated from the earn call registry. */
export const OPENAPI_PATH = '/openapi.json'

/** The absolute path of an earn call, as the browser requests it. */
export const earnCallPath = (name: string) => `${API_PREFIX}${EARN_PATH}/${name}`

/** The Telegram bot's routes (the webhook: contract/telegram-bot.ts, docs/telegram.md). */
export const TELEGRAM_WEBHOOK_PREFIX = '/telegram'
