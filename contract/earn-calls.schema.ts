import {
  checkAvailableRequest,
  checkAvailableResponse,
  getHomepageProductCardsRequest,
  getHomepageProductCardsResponse,
  getProductDetailRequest,
  getProductDetailResponse,
  getProductDetailsRequest,
  getProductDetailsResponse,
  getProductsExtraInfoRequest,
  getProductsExtraInfoResponse,
} from './earn.schema'
import {
  editAutoSavingsRequest,
  editAutoSavingsResponse,
  getAssetsSummaryV2Request,
  getAssetsSummaryV2Response,
  getAutoSavingsOpenStatusRequest,
  getAutoSavingsOpenStatusResponse,
  getPositionHistoryRequest,
  getPositionHistoryResponse,
  getPositionsRequest,
  getPositionsResponse,
  getUserBalanceRequest,
  getUserBalanceResponse,
  getUserPnlRequest,
  getUserPnlResponse,
  getUserWalletRecordsRequest,
  getUserWalletRecordsResponse,
} from './earn-account.schema'
import {
  getSwapQuoteRequest,
  getSwapQuoteResponse,
  getUserLiquiditySummaryRequest,
  getUserLiquiditySummaryResponse,
  operateLiquidityRequest,
  operateLiquidityResponse,
} from './earn-liquidity.schema'
import {
  claimYieldRequest,
  claimYieldResponse,
  confirmOrderRequest,
  confirmOrderResponse,
  getOrderDetailRequest,
  getOrderDetailResponse,
  getOrdersRequest,
  getOrdersResponse,
  payOrderRequest,
  payOrderResponse,
  previewOrderRequest,
  previewOrderResponse,
  redeemRequest,
  redeemResponse,
} from './earn-order.schema'
import {
  downloadLinkResponse,
  exportRecord,
  listExportRecordsResponse,
  noExportPayload,
  recordIdRequest,
  submitBillExportRequest,
} from './export.schema'
import {
  disableBiometryRequest,
  enrolBiometryRequest,
  enrolBiometryResponse,
  getBiometryChallengeRequest,
  getBiometryChallengeResponse,
  getTelegramSettingsRequest,
  setNotificationsRequest,
  telegramSettings,
} from './telegram-settings.schema'
import { TelegramSettingsCall } from './telegram-bot'
import { TelegramShareCall } from './telegram-share'
import { TelegramReminderCall } from './telegram-reminders'
import {
  listRemindersRequest,
  reminders,
  removeReminderRequest,
  setReminderRequest,
} from './telegram-reminders.schema'
import {
  getInvitationsRequest,
  invitations,
  prepareShareRequest,
  prepareShareResponse,
} from './telegram-share.schema'
import { DECLARE_COUNTRY_CALL } from './residence'
import { declareCountryRequest, declareCountryResponse } from './residence.schema'
import {
  acknowledgeRiskRequest,
  getRiskAcknowledgementsRequest,
  riskAcknowledgements,
} from './risk-acknowledgement.schema'

// The earn call registry's schemas (zod: the server validates with them and generates the
// OpenAPI document from them; the client imports only the types, via contract/earn-calls.ts).
// A new earn call: one entry here, one name in contract/earn-calls.ts.

export const earnCallSchemas = {
  // ---- the 21 calls of spec §7 ----
  'get-homepage-product-cards': {
    request: getHomepageProductCardsRequest,
    response: getHomepageProductCardsResponse,
  },
  'get-product-detail': { request: getProductDetailRequest, response: getProductDetailResponse },
  'get-product-details': { request: getProductDetailsRequest, response: getProductDetailsResponse },
  'preview-order': { request: previewOrderRequest, response: previewOrderResponse },
  'check-available': { request: checkAvailableRequest, response: checkAvailableResponse },
  'pay-order': { request: payOrderRequest, response: payOrderResponse },
  'confirm-order': { request: confirmOrderRequest, response: confirmOrderResponse },
  'get-assets-summary-v2': {
    request: getAssetsSummaryV2Request,
    response: getAssetsSummaryV2Response,
  },
  'get-user-pnl': { request: getUserPnlRequest, response: getUserPnlResponse },
  'get-user-balance': { request: getUserBalanceRequest, response: getUserBalanceResponse },
  'get-user-wallet-records': {
    request: getUserWalletRecordsRequest,
    response: getUserWalletRecordsResponse,
  },
  'get-positions': { request: getPositionsRequest, response: getPositionsResponse },
  'get-products-extra-info': {
    request: getProductsExtraInfoRequest,
    response: getProductsExtraInfoResponse,
  },
  'submit-bill-export': { request: submitBillExportRequest, response: exportRecord },
  'retry-bill-export': { request: recordIdRequest, response: exportRecord },
  'list-bill-export': { request: noExportPayload, response: listExportRecordsResponse },
  'download-bill': { request: recordIdRequest, response: downloadLinkResponse },
  'get-user-liquidity-summary': {
    request: getUserLiquiditySummaryRequest,
    response: getUserLiquiditySummaryResponse,
  },
  'claim-yield': { request: claimYieldRequest, response: claimYieldResponse },
  'get-auto-savings-open-status': {
    request: getAutoSavingsOpenStatusRequest,
    response: getAutoSavingsOpenStatusResponse,
  },
  'edit-auto-savings': { request: editAutoSavingsRequest, response: editAutoSavingsResponse },
  // ---- ours (docs/api.md) ----
  redeem: { request: redeemRequest, response: redeemResponse },
  'get-orders': { request: getOrdersRequest, response: getOrdersResponse },
  'get-order-detail': { request: getOrderDetailRequest, response: getOrderDetailResponse },
  'get-position-history': {
    request: getPositionHistoryRequest,
    response: getPositionHistoryResponse,
  },
  'operate-liquidity': { request: operateLiquidityRequest, response: operateLiquidityResponse },
  'get-swap-quote': { request: getSwapQuoteRequest, response: getSwapQuoteResponse },
  'get-risk-acknowledgements': {
    request: getRiskAcknowledgementsRequest,
    response: riskAcknowledgements,
  },
  'acknowledge-risk': { request: acknowledgeRiskRequest, response: riskAcknowledgements },
  [TelegramSettingsCall.Get]: { request: getTelegramSettingsRequest, response: telegramSettings },
  [TelegramSettingsCall.SetNotifications]: {
    request: setNotificationsRequest,
    response: telegramSettings,
  },
  [TelegramSettingsCall.EnrolBiometry]: {
    request: enrolBiometryRequest,
    response: enrolBiometryResponse,
  },
  [DECLARE_COUNTRY_CALL]: { request: declareCountryRequest, response: declareCountryResponse },
  [TelegramSettingsCall.BiometryChallenge]: {
    request: getBiometryChallengeRequest,
    response: getBiometryChallengeResponse,
  },
  [TelegramSettingsCall.DisableBiometry]: {
    request: disableBiometryRequest,
    response: telegramSettings,
  },
  [TelegramShareCall.GetInvitations]: { request: getInvitationsRequest, response: invitations },
  [TelegramShareCall.PrepareShare]: {
    request: prepareShareRequest,
    response: prepareShareResponse,
  },
  [TelegramReminderCall.Set]: { request: setReminderRequest, response: reminders },
  [TelegramReminderCall.Remove]: { request: removeReminderRequest, response: reminders },
  [TelegramReminderCall.List]: { request: listRemindersRequest, response: reminders },
} as const
