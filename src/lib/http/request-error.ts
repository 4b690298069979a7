/** The error object of spec §3/§8: message, code, original response, url. */
export class RequestError extends Error {
  override name = 'RequestError'
  constructor(
    message: string,
    readonly code: number,
    readonly url: string,
    readonly response?: unknown,
  ) {
    super(message)
  }
}

/** The envelope's ext_code beside a refusal: its machine-readable reason ('' when none). */
export const extCodeOf = (err: unknown): string =>
  err instanceof RequestError
    ? String((err.response as { ext_code?: unknown } | undefined)?.ext_code ?? '')
    : ''

/** result.status_code other than 200: the gateway refused the call (spec §8). */
export class GatewayError extends RequestError {
  override name = 'GatewayError'
  constructor(
    readonly status: number,
    url: string,
    response?: unknown,
  ) {
    super(`gateway error ${status}`, status, url, response)
  }
}
