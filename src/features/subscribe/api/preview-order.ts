import { useMutation } from '@tanstack/react-query'
import type {
  PreviewOrderRequest,
  PreviewOrderResponse,
} from '../../../../contract/earn-order.schema'
import { earnCall } from '../../../lib/http/earn-client'

export const previewOrder = (body: PreviewOrderRequest) =>
  earnCall<PreviewOrderResponse>('preview-order', body)

export const usePreviewOrder = () => useMutation({ mutationFn: previewOrder })
