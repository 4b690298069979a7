import { proxy } from 'valtio'

/** The automatic Telegram login's outcome, read by the Telegram shell to offer a retry. */
export const telegramLoginState = proxy<{
  status: 'idle' | 'pending' | 'done' | 'refused'
  /** Why the server refused the initData (expired, invalid signature, …), or the network error. */
  reason: string
  /** ret_code of the refusal; 0 when the call itself failed (network). */
  code: number
  /** The refusal's reason code (the envelope's ext_code, contract TelegramRefusal); '' if none. */
  reasonCode: string
}>({ status: 'idle', reason: '', code: 0, reasonCode: '' })
