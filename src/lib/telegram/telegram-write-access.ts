import { requestWriteAccess } from '@tma.js/sdk-react'

/**
 * Asks the user to let the bot write to them (Bot API 6.9) before notifications go on. A
 * client without the method lets the bot write to users who started it: no question then.
 */
export async function askWriteAccess(): Promise<boolean> {
  if (!requestWriteAccess.isAvailable()) return true
  return (await requestWriteAccess()) === 'allowed'
}
