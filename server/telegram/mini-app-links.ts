import { startPathFor } from '../../contract/start-param'
import tma from '../../tma.config.json'

// Where the bot's web_app buttons open the mini-app: the same payload scheme and allowed routes
// as a startapp launch (tma.config.json), on the server's public origin.

/** The mini-app path for a /start payload; home for none, unknown or invalid ones. */
export const pathForPayload = (payload: string | null) =>
  startPathFor(payload, tma.startParam.routes, tma.startParam.homeRoute)

export const webAppUrl = (origin: string, path: string) => `${origin}${path}`
