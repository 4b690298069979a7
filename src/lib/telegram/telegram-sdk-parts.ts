// Only the SDK parts the pages use: importing the whole package namespace would keep all of
// it (the development mock included) in the chunk.
export {
  closingBehavior,
  hapticFeedback,
  hideKeyboard,
  mainButton,
  openLink,
  openTelegramLink,
  secondaryButton,
  shareMessage,
} from '@tma.js/sdk-react'
