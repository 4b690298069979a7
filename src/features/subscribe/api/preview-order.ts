import { useMutation } from '@tanstack/react-query'
import type { EarnRequest } from '../../../../contract/earn-calls'
import { earnCall } from '../../../lib/http/earn-client'

export const previewOrder = (body: EarnRequest<'preview-order'>) => earnCall('preview-order', body)

export const usePreviewOrder = () => useMutation({ mutationFn: previewOrder })
