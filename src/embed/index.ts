export { BookingButton } from './booking-button.js';
export type { BookingDialog } from './booking-dialog.js';
export { upgradePlaceholder, PLACEHOLDER_SELECTOR } from './placeholders.js';
export { openPopup, POPUP_TRIGGER_SELECTOR } from './popup-triggers.js';
export { startEmbedding, upgradeEmbeds } from './auto-embed.js';
