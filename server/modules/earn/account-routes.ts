import { Hono } from 'hono'
import {
  editAutoSavingsRequest,
  getAssetsSummaryV2Request,
  getAutoSavingsOpenStatusRequest,
  getPositionsRequest,
  getUserBalanceRequest,
  getUserPnlRequest,
  getUserWalletRecordsRequest,
} from '../../../contract/earn-account.schema'
import {
  getSwapQuoteRequest,
  getUserLiquiditySummaryRequest,
  operateLiquidityRequest,
} from '../../../contract/earn-liquidity.schema'
import { biometricMessage } from '../../../contract/telegram-bot'
import type { AppContext } from '../../app'
import { requireConfirmation } from '../../telegram/biometry'
import { requireUser } from '../../http/auth'
import { envelope, readJson } from '../../http/envelope'
import { userBalances, userPositions, walletRecords } from './account-views'
import { autoSavingsStatus, editAutoSavings } from './auto-savings'
import { liquiditySummary, operateLiquidity, swapQuote } from './liquidity'
import { assetsSummary, userPnl } from './valuation'

/** The user's side of earn: balances, positions, records, PnL, auto-savings, liquidity. */
export function accountRoutes(deps: AppContext): Hono {
  const { db, clock, market } = deps
  const ok = <T>(result: T) => envelope(result, clock)
  return new Hono()
    .post('/get-user-balance', async (c) => {
      const req = await readJson(c, getUserBalanceRequest)
      const user = await requireUser(c)
      return c.json(ok(await userBalances(db, user.id, req, clock.now())))
    })
    .post('/get-positions', async (c) => {
      const req = await readJson(c, getPositionsRequest)
      const user = await requireUser(c)
      return c.json(ok({ positions: await userPositions(db, user.id, req) }))
    })
    .post('/get-user-wallet-records', async (c) => {
      const req = await readJson(c, getUserWalletRecordsRequest)
      const user = await requireUser(c)
      return c.json(ok(await walletRecords(db, user.id, req)))
    })
    .post('/get-assets-summary-v2', async (c) => {
      await readJson(c, getAssetsSummaryV2Request)
      const user = await requireUser(c)
      return c.json(ok(await assetsSummary(db, market, user.id, clock.now())))
    })
    .post('/get-user-pnl', async (c) => {
      const req = await readJson(c, getUserPnlRequest)
      const user = await requireUser(c)
      return c.json(ok(await userPnl(db, market, user.id, req, clock.now())))
    })
    .post('/get-auto-savings-open-status', async (c) => {
      const req = await readJson(c, getAutoSavingsOpenStatusRequest)
      const user = await requireUser(c)
      return c.json(ok(await autoSavingsStatus(db, user.id, req.coin)))
    })
    .post('/edit-auto-savings', async (c) => {
      const req = await readJson(c, editAutoSavingsRequest)
      const user = await requireUser(c)
      const message = biometricMessage.autoSavings(req.coin, req.open)
      await requireConfirmation(db, user.id, message, req.confirm)
      return c.json(ok(await editAutoSavings(deps, user, req)))
    })
    .post('/get-user-liquidity-summary', async (c) => {
      await readJson(c, getUserLiquiditySummaryRequest)
      const user = await requireUser(c)
      return c.json(ok(await liquiditySummary(db, market, user.id, clock.now())))
    })
    .post('/operate-liquidity', async (c) => {
      const req = await readJson(c, operateLiquidityRequest)
      const user = await requireUser(c)
      await requireConfirmation(db, user.id, req.order_id, req.confirm)
      return c.json(ok(await operateLiquidity(deps, user, req)))
    })
    .post('/get-swap-quote', async (c) => {
      const req = await readJson(c, getSwapQuoteRequest)
      return c.json(ok(await swapQuote(market, req, clock.now())))
    })
}
