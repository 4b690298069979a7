import { eq } from 'drizzle-orm'
import { riskLevel } from '../../contract/product-risk'
import { invitationPayload, miniAppLinkOf, startParamFor } from '../../contract/start-param'
import { TelegramShareCall as Call } from '../../contract/telegram-share'
import tma from '../../tma.config.json'
import { DEV_BOT_TOKEN } from '../config'
import { telegramLinks } from '../db/schema'
import type { AppContext } from '../deps'
import { requireUser } from '../http/auth'
import { earnCall } from '../http/earn-call'
import { ApiError, RetCode } from '../http/errors'
import { productOrThrow, toCard } from '../modules/earn/catalogue'
import { invitationsOf, userById } from '../modules/identity/service'
import { BotApi, BotApiError } from './bot-api'
import { appText, botLanguage, botPercent, botText } from './bot-texts'

/** The card a user shares into a chat (savePreparedInlineMessage's InlineQueryResultArticle). */
export function shareCard(card: ReturnType<typeof toCard>, language: string, link: string): object {
  const apr =
    card.apr_max && card.apr_max !== card.apr
      ? `${botPercent(language, card.apr)} – ${botPercent(language, card.apr_max)}`
      : botPercent(language, card.apr)
  const type = appText(language, `products.types.${card.product_type}`)
  const term = card.term_days
    ? appText(language, 'products.days', { count: card.term_days })
    : appText(language, 'products.flexible')
  const title = `${card.coin} · ${type}`
  const facts = [
    `${appText(language, 'products.apr')} ${apr}`,
    `${appText(language, 'products.term')}: ${term}`,
    appText(language, `products.risk.${riskLevel(card.product_type)}`),
  ].join(' · ')
  return {
    type: 'article',
    id: `share-${card.product_id}`.slice(0, 64),
    title,
    description: facts,
    input_message_content: {
      message_text: `${title}\n${facts}\n\n${botText(language, 'shareInvite')}`,
      link_preview_options: { is_disabled: true },
    },
    // A web_app button works only in the bot's own chat: a shared message opens the mini-app
    // through its direct link, which carries the route and the invitation in startapp.
    reply_markup: { inline_keyboard: [[{ text: botText(language, 'open'), url: link }]] },
  }
}

/** Sharing a product and invitations (docs/telegram.md "Share and invitations"). */
export function telegramShareCalls(deps: Pick<AppContext, 'db' | 'clock' | 'config'>) {
  const { db, clock, config } = deps
  // Only a real bot can prepare a message (the development token is nobody's).
  const bot =
    config.BOT_TOKEN === DEV_BOT_TOKEN
      ? null
      : new BotApi({ base: config.TELEGRAM_API_BASE, token: config.BOT_TOKEN })
  return [
    earnCall(Call.GetInvitations, async (_req, c) => {
      const { invitedBy, invitedCount } = await invitationsOf(db, (await requireUser(c)).id)
      return { invited_by: invitedBy, invited_count: invitedCount }
    }),
    earnCall(Call.PrepareShare, async (req, c) => {
      const user = await requireUser(c)
      const [link] = await db
        .select({ telegramUserId: telegramLinks.telegramUserId })
        .from(telegramLinks)
        .where(eq(telegramLinks.userId, user.id))
        .limit(1)
      if (!link || !bot)
        throw new ApiError(RetCode.NoPermission, 'sharing through the bot needs Telegram')
      const product = await productOrThrow(db, req.product_id)
      const language = botLanguage(req.language ?? (await userById(db, user.id))?.lang)
      const payload = invitationPayload(user.id, startParamFor('product', product.id))
      const url = miniAppLinkOf(tma.botUsername, tma.appName, payload)
      try {
        const prepared = await bot.call<{ id: string }>('savePreparedInlineMessage', {
          user_id: link.telegramUserId,
          result: shareCard(toCard(product, clock.now()), language, url),
          allow_user_chats: true,
          allow_group_chats: true,
          allow_channel_chats: true,
        })
        return { prepared_message_id: prepared.id, link: url }
      } catch (err) {
        if (!(err instanceof BotApiError)) throw err
        console.warn('[share] savePreparedInlineMessage failed:', err.message)
        // The client falls back to the t.me/share link.
        throw new ApiError(RetCode.Internal, 'Telegram did not prepare the message', 503)
      }
    }),
  ]
}
