import type {
  GetHomepageProductCardsRequest,
  GetHomepageProductCardsResponse,
} from '../../../contract/earn.schema'
import { earnCall } from './earn-client'

/** The 21 earn calls of spec §7, each POST /x-api/s1/byfi/<call>. */
export const EARN_CALLS = [
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
] as const
export type EarnCallName = (typeof EARN_CALLS)[number]

/**
 * Payloads not designed yet: issue 5 puts them in contract/earn.schema.ts. Until then each
 * call's request and response is this named placeholder, so the switch is one edit per call.
 */
export type EarnPayloadPendingContract = Record<string, unknown>

/** Bill export record on the wire (spec §3). */
export type BillExportRecordWire = {
  record_id: string
  export_start_at: number
  export_end_at: number
  submit_at: number
  status: number
}

type Req = EarnPayloadPendingContract
type Res = EarnPayloadPendingContract

const call =
  <Q extends object, R>(name: EarnCallName) =>
  (body: Q = {} as Q): Promise<R> =>
    earnCall<R>(name, body)

export const getHomepageProductCards = call<
  GetHomepageProductCardsRequest,
  GetHomepageProductCardsResponse
>('get-homepage-product-cards')
export const getProductDetail = call<Req, Res>('get-product-detail')
export const getProductDetails = call<Req, Res>('get-product-details')
export const previewOrder = call<Req, Res>('preview-order')
export const checkAvailable = call<Req, Res>('check-available')
export const payOrder = call<Req, Res>('pay-order')
export const confirmOrder = call<Req, Res>('confirm-order')
export const getAssetsSummaryV2 = call<Req, Res>('get-assets-summary-v2')
export const getUserPnl = call<Req, Res>('get-user-pnl')
export const getUserBalance = call<Req, Res>('get-user-balance')
export const getUserWalletRecords = call<Req, Res>('get-user-wallet-records')
export const getPositions = call<Req, Res>('get-positions')
export const getProductsExtraInfo = call<Req, Res>('get-products-extra-info')
export const submitBillExport = call<{ export_start_at: number; export_end_at: number }, Res>(
  'submit-bill-export',
)
export const retryBillExport = call<{ record_id: string }, Res>('retry-bill-export')
export const listBillExport = call<Record<string, never>, { records: BillExportRecordWire[] }>(
  'list-bill-export',
)
export const downloadBill = call<{ record_id: string }, { download_url: string }>('download-bill')
export const getUserLiquiditySummary = call<Req, Res>('get-user-liquidity-summary')
export const claimYield = call<Req, Res>('claim-yield')
export const getAutoSavingsOpenStatus = call<Req, Res>('get-auto-savings-open-status')
export const editAutoSavings = call<Req, Res>('edit-auto-savings')

/** Every call by name, for tests and tooling that walk the full list. */
export const EARN_CALL_FUNCTIONS: Readonly<Record<EarnCallName, (body?: any) => Promise<unknown>>> =
  {
    'get-homepage-product-cards': getHomepageProductCards,
    'get-product-detail': getProductDetail,
    'get-product-details': getProductDetails,
    'preview-order': previewOrder,
    'check-available': checkAvailable,
    'pay-order': payOrder,
    'confirm-order': confirmOrder,
    'get-assets-summary-v2': getAssetsSummaryV2,
    'get-user-pnl': getUserPnl,
    'get-user-balance': getUserBalance,
    'get-user-wallet-records': getUserWalletRecords,
    'get-positions': getPositions,
    'get-products-extra-info': getProductsExtraInfo,
    'submit-bill-export': submitBillExport,
    'retry-bill-export': retryBillExport,
    'list-bill-export': listBillExport,
    'download-bill': downloadBill,
    'get-user-liquidity-summary': getUserLiquiditySummary,
    'claim-yield': claimYield,
    'get-auto-savings-open-status': getAutoSavingsOpenStatus,
    'edit-auto-savings': editAutoSavings,
  }
