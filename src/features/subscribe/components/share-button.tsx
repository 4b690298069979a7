import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { ProductDetail } from '../../../../contract/earn.schema'
import { invitationPayload, startParamFor } from '../../../../contract/start-param'
import { TelegramShareCall } from '../../../../contract/telegram-share'
import { earnCall } from '../../../lib/http/earn-client'
import { fetchProfile } from '../../../lib/http/profile-client'
import { i18n } from '../../../lib/i18n/i18n'
import { platformStore } from '../../../lib/platform/platform-store'
import { sessionStore } from '../../../lib/session/session-store'
import { miniAppLink } from '../../../lib/telegram/tma-config'
import { Button } from '../../../ui/button'
import { aprText } from './product-summary'

type Outcome = 'shared' | 'copied'

/**
 * The link a product is shared with: the mini-app's direct link opening the product, with the
 * sharer's invitation in front when logged in (contract/start-param.ts).
 */
export function productShareLink(productId: string, userId: number | null): string {
  try {
    const payload = startParamFor('product', productId)
    return miniAppLink(userId ? invitationPayload(userId, payload) : payload)
  } catch {
    // An id outside start_param's alphabet or length: the mini-app's home.
    return miniAppLink()
  }
}

/**
 * Share on a product page: inside Telegram the share sheet (a prepared message, else the
 * t.me/share link); on the web the system share sheet where there is one, else the link copied.
 */
export function ShareButton({ product }: { product: ProductDetail }) {
  const { t } = useTranslation()
  const { telegram } = useSnapshot(platformStore)
  // The signed-in user (0 for a visitor): the invitation in the shared link.
  const userId = useSnapshot(sessionStore).userId || null
  const share = useMutation({
    mutationFn: async (): Promise<Outcome | null> => {
      // In Telegram, pressed just after the launch's login but before the page has read the
      // profile: ask for it, so the share still carries the invitation (a visitor's call fails:
      // none then). Not on the web: the system share sheet needs the click's activation.
      const sharer =
        userId ??
        (telegram
          ? await fetchProfile().then(
              (p) => p.id,
              () => null,
            )
          : null)
      const link = productShareLink(product.product_id, sharer)
      const text = `${product.coin} · ${aprText(product)} ${t('products.apr')}`
      if (telegram) {
        const { shareInTelegram } = await import('../../../lib/telegram/telegram-share')
        const prepare = sharer
          ? async () =>
              (
                await earnCall(TelegramShareCall.PrepareShare, {
                  product_id: product.product_id,
                  language: i18n.language,
                })
              ).prepared_message_id
          : null
        await shareInTelegram(prepare, link, text)
        return 'shared'
      }
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ title: product.coin, text, url: link })
          return 'shared'
        } catch (err) {
          if (err instanceof DOMException && err.name === 'AbortError') return null
          // Refused here (no user activation, a policy): copy the link instead.
        }
      }
      await navigator.clipboard.writeText(link)
      return 'copied'
    },
  })
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        variant="secondary"
        data-testid="share-product"
        busy={share.isPending}
        onClick={() => share.mutate()}
      >
        {t('subscribe.share.button')}
      </Button>
      <p role="status" className="m-0 min-h-5 text-sm text-[var(--earn-hint)]">
        {share.data === 'copied' && t('subscribe.share.copied')}
        {share.isError && t('subscribe.share.failed')}
      </p>
    </div>
  )
}
