import type { EarnCallName, EarnRequest, EarnResponse } from '../../../contract/earn-calls'
import { EARN_PATH } from '../../../contract/paths'
import { EARN_TIMEOUT_MS } from '../../../contract/earn-timeout'
import { i18n } from '../i18n/i18n'
import { earnPlatformHeader, platformStore, xUserAgent } from '../platform/platform-store'
import { enrolledBiometryDevice } from '../telegram/biometry-device'
import { apiBase } from './api-origin'
import { readEnvelope } from './envelope'
import { lazyFetch } from './lazy-fetch'

export { EARN_TIMEOUT_MS }

const earnFetch = lazyFetch({
  method: 'POST',
  timeout: EARN_TIMEOUT_MS,
  credentials: 'include',
  retry: 0,
  // Business errors travel as HTTP 200; protocol errors carry the envelope too, so read it.
  ignoreResponseError: true,
})

/**
 * POSTs an earn call (spec §7) as JSON and returns its `result`: the body and the result are
 * typed by the call's name from the registry (contract/earn-calls.ts).
 */
export async function earnCall<N extends EarnCallName>(
  call: N,
  ...[body = {} as EarnRequest<N>]: Record<never, never> extends EarnRequest<N>
    ? [body?: EarnRequest<N>]
    : [body: EarnRequest<N>]
): Promise<EarnResponse<N>> {
  const url = `${apiBase()}${EARN_PATH}/${call}`
  const res = await (
    await earnFetch()
  )<unknown>(url, {
    body: await withConfirmation(call, body),
    headers: {
      Lang: i18n.language,
      usertoken: platformStore.userToken,
      Platform: earnPlatformHeader(),
      'X-User-Agent': xUserAgent(),
    },
  })
  return readEnvelope<EarnResponse<N>>(res, url)
}

/**
 * A money move from a device enrolled for biometric confirmation carries `confirm`, signed
 * after the biometric check (docs/telegram.md). The signer is its own chunk, loaded then.
 */
async function withConfirmation<B extends object>(call: string, body: B): Promise<B> {
  if (!platformStore.telegram || !enrolledBiometryDevice()) return body
  // The challenge call's name comes with the signer's chunk: the first load carries neither.
  const { confirmCall, BIOMETRY_CHALLENGE_CALL } = await import('../telegram/telegram-biometry')
  return confirmCall(call, body, () => earnCall(BIOMETRY_CHALLENGE_CALL))
}
