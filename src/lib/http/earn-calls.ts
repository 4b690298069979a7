import type { z } from 'zod'
import type {
  CheckAvailableRequest,
  CheckAvailableResponse,
  GetHomepageProductCardsRequest,
  GetHomepageProductCardsResponse,
  GetProductDetailRequest,
  GetProductDetailResponse,
  GetProductDetailsRequest,
  GetProductDetailsResponse,
  GetProductsExtraInfoRequest,
  GetProductsExtraInfoResponse,
} from '../../../contract/earn.schema'
import type {
  EditAutoSavingsRequest,
  EditAutoSavingsResponse,
  GetAssetsSummaryV2Response,
  GetAutoSavingsOpenStatusResponse,
  GetPositionsRequest,
  GetPositionsResponse,
  GetUserBalanceRequest,
  GetUserBalanceResponse,
  GetUserPnlRequest,
  GetUserPnlResponse,
  GetUserWalletRecordsRequest,
  GetUserWalletRecordsResponse,
  getAutoSavingsOpenStatusRequest,
} from '../../../contract/earn-account.schema'
import type {
  GetSwapQuoteRequest,
  GetSwapQuoteResponse,
  GetUserLiquiditySummaryResponse,
  OperateLiquidityRequest,
  OperateLiquidityResponse,
} from '../../../contract/earn-liquidity.schema'
import type {
  ClaimYieldRequest,
  ClaimYieldResponse,
  ConfirmOrderRequest,
  ConfirmOrderResponse,
  GetOrderDetailRequest,
  GetOrderDetailResponse,
  GetOrdersRequest,
  GetOrdersResponse,
  PayOrderRequest,
  PayOrderResponse,
  PreviewOrderRequest,
  PreviewOrderResponse,
} from '../../../contract/earn-order.schema'
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
 * Bill-export payloads are not in contract/ yet: until they are, the responses the spec does
 * not show are this named placeholder, so the switch is one edit per call.
 */
export type EarnPayloadPendingContract = Record<string, unknown>
type NoPayload = Record<string, never>

/** Bill export record on the wire (spec §3). */
export type BillExportRecordWire = {
  record_id: string
  export_start_at: number
  export_end_at: number
  submit_at: number
  status: number
}

type Res = EarnPayloadPendingContract

const call =
  <Q extends object, R>(name: EarnCallName) =>
  (body: Q = {} as Q): Promise<R> =>
    earnCall<R>(name, body)

export const getHomepageProductCards = call<
  GetHomepageProductCardsRequest,
  GetHomepageProductCardsResponse
>('get-homepage-product-cards')
export const getProductDetail = call<GetProductDetailRequest, GetProductDetailResponse>(
  'get-product-detail',
)
export const getProductDetails = call<GetProductDetailsRequest, GetProductDetailsResponse>(
  'get-product-details',
)
export const previewOrder = call<PreviewOrderRequest, PreviewOrderResponse>('preview-order')
export const checkAvailable = call<CheckAvailableRequest, CheckAvailableResponse>('check-available')
export const payOrder = call<PayOrderRequest, PayOrderResponse>('pay-order')
export const confirmOrder = call<ConfirmOrderRequest, ConfirmOrderResponse>('confirm-order')
export const getAssetsSummaryV2 = call<NoPayload, GetAssetsSummaryV2Response>(
  'get-assets-summary-v2',
)
export const getUserPnl = call<GetUserPnlRequest, GetUserPnlResponse>('get-user-pnl')
export const getUserBalance = call<GetUserBalanceRequest, GetUserBalanceResponse>(
  'get-user-balance',
)
export const getUserWalletRecords = call<GetUserWalletRecordsRequest, GetUserWalletRecordsResponse>(
  'get-user-wallet-records',
)
export const getPositions = call<GetPositionsRequest, GetPositionsResponse>('get-positions')
export const getProductsExtraInfo = call<GetProductsExtraInfoRequest, GetProductsExtraInfoResponse>(
  'get-products-extra-info',
)
export const submitBillExport = call<{ export_start_at: number; export_end_at: number }, Res>(
  'submit-bill-export',
)
export const retryBillExport = call<{ record_id: string }, Res>('retry-bill-export')
export const listBillExport = call<NoPayload, { records: BillExportRecordWire[] }>(
  'list-bill-export',
)
export const downloadBill = call<{ record_id: string }, { download_url: string }>('download-bill')
export const getUserLiquiditySummary = call<NoPayload, GetUserLiquiditySummaryResponse>(
  'get-user-liquidity-summary',
)
export const claimYield = call<ClaimYieldRequest, ClaimYieldResponse>('claim-yield')
export const getAutoSavingsOpenStatus = call<
  z.input<typeof getAutoSavingsOpenStatusRequest>,
  GetAutoSavingsOpenStatusResponse
>('get-auto-savings-open-status')
export const editAutoSavings = call<EditAutoSavingsRequest, EditAutoSavingsResponse>(
  'edit-auto-savings',
)

// Calls of ours beyond the spec's 21 (docs/api.md): typed the same way, outside EARN_CALLS.

/** The user's orders by status, cursor-paged. */
export const getOrders = (body: GetOrdersRequest = {}) =>
  earnCall<GetOrdersResponse>('get-orders', body)
/** One of the user's orders; another user's order answers 602 like an unknown one. */
export const getOrderDetail = (body: GetOrderDetailRequest) =>
  earnCall<GetOrderDetailResponse>('get-order-detail', body)
/** Liquidity Remove 2, Reinvest 3, ReduceLeverage 4 (Add 1 is pay-order with a leverage). */
export const operateLiquidity = (body: OperateLiquidityRequest) =>
  earnCall<OperateLiquidityResponse>('operate-liquidity', body)
/** What an amount of one coin swaps to in another at the simulator's price, after the fee. */
export const getSwapQuote = (body: GetSwapQuoteRequest) =>
  earnCall<GetSwapQuoteResponse>('get-swap-quote', body)

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
