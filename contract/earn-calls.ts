import type { z } from 'zod'
import type { earnCallSchemas } from './earn-calls.schema'
import { DECLARE_COUNTRY_CALL } from './residence'
import { TelegramSettingsCall } from './telegram-bot'
import { TelegramReminderCall } from './telegram-reminders'
import { TelegramShareCall } from './telegram-share'

// The typed earn call registry, dependency-free at runtime (the zod schemas it is read from are
// imported as types only): the client's earnCall(name, body) infers its body and result from
// it, the server registers each handler against it (server/http/earn-call.ts), and the
// OpenAPI document is generated from the same schemas.

type Schemas = typeof earnCallSchemas

/** Every earn call: POST `${API_PREFIX}${EARN_PATH}/<name>` (contract/paths.ts). */
export type EarnCalls = {
  [N in keyof Schemas]: {
    /** What the client sends (before the server's defaults and transforms). */
    request: z.input<Schemas[N]['request']>
    /** The envelope's `result`. */
    response: z.output<Schemas[N]['response']>
  }
}
export type EarnCallName = keyof EarnCalls
export type EarnRequest<N extends EarnCallName> = EarnCalls[N]['request']
export type EarnResponse<N extends EarnCallName> = EarnCalls[N]['response']

/** The 21 earn calls of spec §7, in the spec's order. */
export const SPEC_EARN_CALLS = [
  'get-homepage-product-cards',
  'get-product-detail',
  'get-product-details',
  'preview-order',
  'check-available',
  'pay-order',
  'confirm-order',
  'get-assets-summary-v2',
  'get-user-pnl',
  'get-user-balance',
  'get-user-wallet-records',
  'get-positions',
  'get-products-extra-info',
  'submit-bill-export',
  'retry-bill-export',
  'list-bill-export',
  'download-bill',
  'get-user-liquidity-summary',
  'claim-yield',
  'get-auto-savings-open-status',
  'edit-auto-savings',
] as const satisfies readonly EarnCallName[]

/** Calls of ours beyond the spec's 21 (docs/api.md). */
export const OUR_EARN_CALLS = [
  'redeem',
  'get-orders',
  'get-order-detail',
  'get-position-history',
  'operate-liquidity',
  'get-swap-quote',
  // Structured products: the once-per-type risk acknowledgement (docs/api.md)
  'get-risk-acknowledgements',
  'acknowledge-risk',
  // Telegram: bot notifications and biometric confirmation (docs/telegram.md)
  TelegramSettingsCall.Get,
  TelegramSettingsCall.SetNotifications,
  TelegramSettingsCall.EnrolBiometry,
  TelegramSettingsCall.DisableBiometry,
  // Telegram: sharing a product and invitations (docs/telegram.md)
  TelegramShareCall.GetInvitations,
  TelegramShareCall.PrepareShare,
  TelegramSettingsCall.BiometryChallenge,
  // Telegram: Remind me (docs/telegram.md "Reminders")
  TelegramReminderCall.Set,
  TelegramReminderCall.Remove,
  TelegramReminderCall.List,
  // The country of residence, declared once before a first money move (docs/security.md)
  DECLARE_COUNTRY_CALL,
] as const satisfies readonly EarnCallName[]

/** Every earn call by name; the type below fails to compile when a registry entry is missing. */
export const EARN_CALL_NAMES: readonly EarnCallName[] = [...SPEC_EARN_CALLS, ...OUR_EARN_CALLS]
type Listed = (typeof SPEC_EARN_CALLS)[number] | (typeof OUR_EARN_CALLS)[number]
export const everyCallListed: Exclude<EarnCallName, Listed> extends never ? true : never = true
