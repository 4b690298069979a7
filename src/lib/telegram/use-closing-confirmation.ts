import { useEffect } from 'react'
import { withTelegram } from './telegram-sdk'

let holders = 0

/**
 * While active (an order being paid), closing the mini-app asks for confirmation first.
 * Counted, so two holders never switch it off under each other. Nothing on the web.
 */
export function useClosingConfirmation(active: boolean): void {
  useEffect(() => {
    if (!active) return
    holders++
    withTelegram(({ closingBehavior }) => {
      if (!closingBehavior.isMounted()) closingBehavior.mount.ifAvailable()
      closingBehavior.enableConfirmation.ifAvailable()
    })
    return () => {
      holders--
      withTelegram(({ closingBehavior }) => {
        if (holders === 0) closingBehavior.disableConfirmation.ifAvailable()
      })
    }
  }, [active])
}
