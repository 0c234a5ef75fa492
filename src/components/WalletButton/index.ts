export { WalletButton } from './WalletButton.tsx';
export type { WalletButtonHandle, WalletButtonProps, WalletButtonStatus, WalletMethod, WalletToken, WalletTotal } from './WalletButton.tsx';
export { applePayMethodData, tokenOf } from './wallet-request.ts';
export { states as walletButtonStates } from './WalletButton.states.ts';
