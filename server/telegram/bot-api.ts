import { ofetch, FetchError } from 'ofetch'

// Outbound Bot API calls: <TELEGRAM_API_BASE>/bot<token>/<method> with a JSON body. Telegram
// answers { ok, result } or { ok: false, error_code, description, parameters.retry_after }.

export type InlineKeyboardButton =
  { text: string; web_app: { url: string } } | { text: string; url: string }
export type SendMessageParams = {
  chat_id: number
  text: string
  reply_markup?: { inline_keyboard: InlineKeyboardButton[][] }
  link_preview_options?: { is_disabled: boolean }
}

/** A refused or failed call: `retryAfterS` on 429, `status` 0 when the network failed. */
export class BotApiError extends Error {
  override name = 'BotApiError'
  constructor(
    readonly method: string,
    readonly status: number,
    readonly description: string,
    readonly retryAfterS?: number,
  ) {
    super(`Bot API ${method}: ${status} ${description}`)
  }
  /** Worth another try later: flood control, Telegram's 5xx, or no answer at all. */
  get retryable(): boolean {
    return this.status === 429 || this.status === 0 || this.status >= 500
  }
}

export type BotApiOptions = {
  base: string
  token: string
  /** Tries after the first within one call (429 and 5xx only). */
  retries?: number
  /** One call waits at most this long in total for retries; longer retry_after gives up. */
  maxWaitMs?: number
  timeoutMs?: number
  sleep?: (ms: number) => Promise<void>
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export class BotApi {
  readonly #o: Required<BotApiOptions>

  constructor(options: BotApiOptions) {
    this.#o = { retries: 2, maxWaitMs: 5_000, timeoutMs: 10_000, sleep: wait, ...options }
  }

  /** Calls once, then retries 429 (after retry_after) and 5xx (exponential backoff) within bounds. */
  async call<T = unknown>(method: string, params: object, retries = this.#o.retries): Promise<T> {
    let waited = 0
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#once<T>(method, params)
      } catch (err) {
        if (!(err instanceof BotApiError) || !err.retryable || attempt >= retries) throw err
        const delay = err.retryAfterS !== undefined ? err.retryAfterS * 1000 : 250 * 2 ** attempt
        if (waited + delay > this.#o.maxWaitMs) throw err
        waited += delay
        await this.#o.sleep(delay)
      }
    }
  }

  sendMessage(params: SendMessageParams, retries?: number) {
    return this.call<{ message_id: number }>('sendMessage', params, retries)
  }

  async #once<T>(method: string, params: object): Promise<T> {
    const url = `${this.#o.base}/bot${this.#o.token}/${method}`
    try {
      const body = await ofetch<{ ok: boolean; result: T }>(url, {
        method: 'POST',
        body: params,
        timeout: this.#o.timeoutMs,
        retry: 0,
      })
      if (!body?.ok) throw new BotApiError(method, 200, 'answer without ok')
      return body.result
    } catch (err) {
      if (err instanceof BotApiError) throw err
      if (err instanceof FetchError) {
        const data = err.data as
          { description?: string; parameters?: { retry_after?: number } } | undefined
        const retryAfter = data?.parameters?.retry_after
        throw new BotApiError(
          method,
          err.statusCode ?? 0,
          // The token is part of the URL: never let it reach a log line.
          (data?.description ?? err.message).replaceAll(this.#o.token, '<token>'),
          typeof retryAfter === 'number' && retryAfter >= 0 ? retryAfter : undefined,
        )
      }
      throw new BotApiError(method, 0, String(err).replaceAll(this.#o.token, '<token>'))
    }
  }
}
