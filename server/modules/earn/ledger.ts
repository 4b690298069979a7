import { and, eq, sql, type SQL } from 'drizzle-orm'
import { AccountType, type WalletRecordType } from '../../../contract/enums'
import {
  earnAccounts,
  HOUSE_ACCOUNT_TYPE,
  HOUSE_USER_ID,
  ledgerEntries,
  ledgerPostings,
} from '../../db/schema'
import { OrderRetCode, orderError } from './order-errors'
import { money, toFixedLedger, type Executor, type Money, type Tx } from './money'
import { rowsOf } from '../../db/rows'
import type { OrderCheck, OrderWrite } from './idempotency'

// Double-entry ledger: a posting's entries sum to zero per coin, and the balances change in
// the same transaction. Debits are conditional updates (never below zero); the CHECK on
// earn_accounts and the append-only triggers (migration 0003) guard the same in SQL.

export type LedgerEntry = { userId: number; coin: string; accountType: number; amount: Money }

export type PostingInput = {
  userId: number
  kind: WalletRecordType
  coin: string
  /** The positive amount shown in wallet records. */
  amount: Money
  entries: LedgerEntry[]
  at: Date
  productId?: string | null
  productType?: number | null
  orderId?: string | null
  positionId?: string | null
  /** Code to answer when a debit would overdraw (303 by default). */
  insufficientCode?:
    typeof OrderRetCode.InsufficientBalance | typeof OrderRetCode.InsufficientBalanceAlt
}

const accountKey = (e: LedgerEntry) => `${e.userId}|${e.coin}|${e.accountType}`

/** Writes one balanced posting and applies it to the balances; throws 303 on overdraft. */
export async function post(tx: Tx, input: PostingInput): Promise<number> {
  const { ctes, check } = postingSql(input)
  const written = await tx.execute(sql`with ${ctes} select ${check.value} as id`)
  const id = rowsOf<{ id: string | number | null }>(written)[0]?.id
  if (id === null || id === undefined) throw check.refusal()
  return Number(id)
}

/**
 * One balanced posting as an order write (its balance changes, the posting and its entries as
 * CTEs), for `post` or for a statement that does more (an order's last one: issue 28). Its check
 * is the posting's id, null when a debit would have overdrawn; the refusal is then 303 (or
 * `insufficientCode`). Each balance change is a CTE that runs only once the one before it took
 * (`exists`), which keeps the lock order below and stops at the first debit that would
 * overdraw: then the posting is not written. One posting per statement (its CTEs' names).
 */
export function postingSql(input: PostingInput): OrderWrite & { check: OrderCheck } {
  const net = new Map<string, LedgerEntry>()
  for (const e of input.entries) {
    const k = accountKey(e)
    const prev = net.get(k)
    net.set(k, prev ? { ...prev, amount: prev.amount.plus(e.amount) } : e)
  }
  const perCoin = new Map<string, Money>()
  for (const e of input.entries)
    perCoin.set(e.coin, (perCoin.get(e.coin) ?? money(0)).plus(e.amount))
  for (const [coin, total] of perCoin) {
    if (!total.isZero()) throw new Error(`unbalanced posting in ${coin}: ${total.toFixed()}`)
  }
  // One lock order everywhere (user, coin, account type) so concurrent postings never deadlock.
  const entries = [...net.values()]
    .filter((e) => !e.amount.isZero())
    .sort(
      (a, b) =>
        a.userId - b.userId ||
        (a.coin < b.coin ? -1 : a.coin > b.coin ? 1 : 0) ||
        a.accountType - b.accountType,
    )
  const name = (part: string) => sql.raw(`posting_${part}`)
  const steps = entries.map((e, i) => {
    const amount = toFixedLedger(e.amount)
    const after = i === 0 ? sql`true` : sql`exists (select 1 from ${name(`b${i - 1}`)})`
    const step =
      e.amount.isNegative() && e.userId !== HOUSE_USER_ID
        ? sql`update earn_accounts set balance = balance + ${amount}::numeric
            where user_id = ${e.userId} and coin = ${e.coin} and account_type = ${e.accountType}
              and balance + ${amount}::numeric >= 0 and ${after}
            returning 1`
        : sql`insert into earn_accounts (user_id, coin, account_type, balance)
            select ${e.userId}::integer, ${e.coin}::text, ${e.accountType}::integer, ${amount}::numeric
            where ${after}
            on conflict (user_id, coin, account_type)
            do update set balance = earn_accounts.balance + excluded.balance
            returning 1`
    return sql`${name(`b${i}`)} as (${step}), `
  })
  const applied = steps.length
    ? sql`exists (select 1 from ${name(`b${steps.length - 1}`)})`
    : sql`true`
  const entryRows = input.entries.map(
    (e) =>
      sql`(${e.userId}::integer, ${e.coin}::text, ${e.accountType}::integer, ${toFixedLedger(e.amount)}::numeric)`,
  )
  const ctes = sql`${sql.join(steps)}${name('posting')} as (
      insert into ${ledgerPostings} (user_id, kind, coin, amount, product_id, product_type,
        order_id, position_id, created_at)
      select ${input.userId}::integer, ${input.kind}::text, ${input.coin}::text,
        ${toFixedLedger(input.amount)}::numeric, ${input.productId ?? null}::text,
        ${input.productType ?? null}::integer, ${input.orderId ?? null}::text,
        ${input.positionId ?? null}::text, ${input.at.toISOString()}::timestamptz
      where ${applied}
      returning id
    )${
      entryRows.length
        ? sql`, ${name('entries')} as (
      insert into ${ledgerEntries} (posting_id, user_id, coin, account_type, amount)
      select p.id, e.user_id, e.coin, e.account_type, e.amount
      from ${name('posting')} p,
        (values ${sql.join(entryRows, sql`, `)}) as e (user_id, coin, account_type, amount)
    )`
        : sql``
    }`
  return {
    ctes,
    check: {
      value: sql`(select id from ${name('posting')})`,
      refusal: () => orderError(input.insufficientCode ?? OrderRetCode.InsufficientBalance),
    },
  }
}

/** Same-user move between two accounts (stake FUNDING → EARN, redeem EARN → FUNDING). */
export const moveEntries = (
  userId: number,
  coin: string,
  from: number,
  to: number,
  amount: Money,
): LedgerEntry[] => [
  { userId, coin, accountType: from, amount: amount.neg() },
  { userId, coin, accountType: to, amount },
]

/** House → user: minted yield, bonuses, settlement payouts. */
export const mintEntries = (
  userId: number,
  coin: string,
  to: number,
  amount: Money,
): LedgerEntry[] => [
  { userId: HOUSE_USER_ID, coin, accountType: HOUSE_ACCOUNT_TYPE, amount: amount.neg() },
  { userId, coin, accountType: to, amount },
]

/** User → house: forfeited yield, dual principal taken at settlement. */
export const burnEntries = (
  userId: number,
  coin: string,
  from: number,
  amount: Money,
): LedgerEntry[] => [
  { userId, coin, accountType: from, amount: amount.neg() },
  { userId: HOUSE_USER_ID, coin, accountType: HOUSE_ACCOUNT_TYPE, amount },
]

/** Locks a balance row for the rest of the transaction; 0 when the row does not exist. */
/**
 * The balance of one account, its row locked for update (FOR UPDATE), as a scalar subquery:
 * null when the account has no row. Pay-order runs it in its order row's insert (issue 28).
 */
export const balanceLock = (userId: number, coin: string, accountType: number) =>
  sql<string | null>`(select ${earnAccounts.balance} from ${earnAccounts}
    where ${and(
      eq(earnAccounts.userId, userId),
      eq(earnAccounts.coin, coin),
      eq(earnAccounts.accountType, accountType),
    )} for update)`

export async function balanceOf(
  db: Executor,
  userId: number,
  coin: string,
  accountType: number = AccountType.FUNDING,
) {
  const [row] = await db
    .select({ balance: earnAccounts.balance })
    .from(earnAccounts)
    .where(
      and(
        eq(earnAccounts.userId, userId),
        eq(earnAccounts.coin, coin),
        eq(earnAccounts.accountType, accountType),
      ),
    )
  return money(row?.balance ?? 0)
}

/** One move of a batch (stakeMovesSql): `amount` from the user's `from` account to `to`. */
export type BatchMove = { userId: number; orderId: string; positionId: string; amount: Money }

/**
 * Many same-user moves in one coin (a batch of pay-orders: order-batch.ts) as CTEs of one
 * statement: the debits in one update, the credits in one upsert (in user order, the lock order
 * of postingSql), one posting per move and its two entries. Each user at most once. `debited`
 * counts the debits that took; a debit that would overdraw does not, and the caller undoes the
 * statement then (every source row is locked and its balance checked before it: it does not
 * happen). CTE names start with `moves_`.
 */
export function stakeMovesSql(input: {
  kind: WalletRecordType
  coin: string
  from: number
  to: number
  at: Date
  productId: string
  productType: number
  moves: BatchMove[]
}): { ctes: SQL; debited: SQL } {
  const moves = [...input.moves].sort((a, b) => a.userId - b.userId)
  const rows = (f: (m: BatchMove) => SQL) => sql.join(moves.map(f), sql`, `)
  const amountOf = (m: BatchMove) => toFixedLedger(m.amount)
  const at = input.at.toISOString()
  const ctes = sql`moves_debits as (
      update ${earnAccounts} a set balance = a.balance - v.amount
      from (values ${rows((m) => sql`(${m.userId}::integer, ${amountOf(m)}::numeric)`)}) as v (user_id, amount)
      where a.user_id = v.user_id and a.coin = ${input.coin} and a.account_type = ${input.from}
        and a.balance - v.amount >= 0
      returning a.user_id
    ), moves_credits as (
      insert into ${earnAccounts} (user_id, coin, account_type, balance)
      select v.user_id, ${input.coin}::text, ${input.to}::integer, v.amount
      from (values ${rows((m) => sql`(${m.userId}::integer, ${amountOf(m)}::numeric)`)}) as v (user_id, amount)
      order by v.user_id
      on conflict (user_id, coin, account_type)
      do update set balance = earn_accounts.balance + excluded.balance
      returning 1
    ), moves_postings as (
      insert into ${ledgerPostings} (user_id, kind, coin, amount, product_id, product_type,
        order_id, position_id, created_at)
      select v.user_id, ${input.kind}::text, ${input.coin}::text, v.amount, ${input.productId}::text,
        ${input.productType}::integer, v.order_id, v.position_id, ${at}::timestamptz
      from (values ${rows(
        (m) =>
          sql`(${m.userId}::integer, ${amountOf(m)}::numeric, ${m.orderId}::text, ${m.positionId}::text)`,
      )}) as v (user_id, amount, order_id, position_id)
      order by v.user_id
      returning id, user_id, amount
    ), moves_entries as (
      insert into ${ledgerEntries} (posting_id, user_id, coin, account_type, amount)
      select p.id, p.user_id, ${input.coin}::text, e.account_type, e.sign * p.amount
      from moves_postings p,
        (values (${input.from}::integer, -1::numeric), (${input.to}::integer, 1::numeric)) as e (account_type, sign)
    )`
  return { ctes, debited: sql`(select count(*) from moves_debits)::integer` }
}
