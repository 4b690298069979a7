import config from '../../../tma.config.json'
import { miniAppLinkOf, type StartRoutes } from '../../../contract/start-param'

/** The mini-app's settings (docs/telegram.md): bot, app, colours and start_param routes. */
export type TmaConfig = {
  botUsername: string
  appName: string
  url: string
  /** A theme key (bg_color, secondary_bg_color) or #rrggbb. */
  headerColor: string
  backgroundColor: string
  startParam: { homeRoute: string; routes: StartRoutes }
}

export const tmaConfig: TmaConfig = config

/** The link that opens the mini-app with a payload: t.me/<bot>/<app>?startapp=<payload>. */
export const miniAppLink = (payload?: string) =>
  miniAppLinkOf(tmaConfig.botUsername, tmaConfig.appName, payload)
