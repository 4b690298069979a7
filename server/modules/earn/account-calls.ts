import type { AppContext } from '../../deps'
import { requireUser } from '../../http/auth'
import { earnCall } from '../../http/earn-call'
import { requireConfirmation } from '../../telegram/biometry'
import { vaultOf } from '../../telegram/biometry-vault'
import { userBalances, userPositions, walletRecords } from './account-views'
import { autoSavingsStatus, editAutoSavings } from './auto-savings'
import { positionHistory } from './position-history'
import { liquiditySummary, operateLiquidity, swapQuote } from './liquidity'
import { assetsSummary, userPnl } from './valuation'

/** The user's side of earn: balances, positions, records, PnL, auto-savings, liquidity. */
export const accountCalls = (deps: AppContext) => {
  const { db, clock, market } = deps
  const bio = { db, vault: vaultOf(deps.config) }
  return [
    earnCall('get-user-balance', async (req, c) =>
      userBalances(db, (await requireUser(c)).id, req, clock.now()),
    ),
    earnCall('get-positions', async (req, c) => userPositions(db, (await requireUser(c)).id, req)),
    earnCall('get-position-history', async (req, c) =>
      positionHistory(db, (await requireUser(c)).id, req),
    ),
    earnCall('get-user-wallet-records', async (req, c) =>
      walletRecords(db, (await requireUser(c)).id, req),
    ),
    earnCall('get-assets-summary-v2', async (_req, c) =>
      assetsSummary(db, market, (await requireUser(c)).id, clock.now()),
    ),
    earnCall('get-user-pnl', async (req, c) =>
      userPnl(db, market, (await requireUser(c)).id, req, clock.now()),
    ),
    earnCall('get-auto-savings-open-status', async (req, c) =>
      autoSavingsStatus(db, (await requireUser(c)).id, req.coin),
    ),
    earnCall('edit-auto-savings', async (req, c) => {
      const user = await requireUser(c)
      await requireConfirmation(bio, user, 'edit-auto-savings', req, clock.now())
      return editAutoSavings(deps, user, req)
    }),
    earnCall('get-user-liquidity-summary', async (_req, c) =>
      liquiditySummary(db, market, (await requireUser(c)).id, clock.now()),
    ),
    earnCall('operate-liquidity', async (req, c) => {
      const user = await requireUser(c)
      await requireConfirmation(bio, user, 'operate-liquidity', req, clock.now())
      return operateLiquidity(deps, user, req)
    }),
    earnCall('get-swap-quote', async (req) => swapQuote(market, req, clock.now())),
  ]
}
