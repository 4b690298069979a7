/**
 * Spec §9: how long the client waits for an earn call's answer, in ms. The server answers
 * within it when it can (pay-order's turn in a rush, server/modules/earn/order-gate.ts).
 */
export const EARN_TIMEOUT_MS = 5000
