/**
 * `data-booking-popup` on any link or button the page already has:
 * `<a href="/book" data-booking-popup data-company-id="…">Book now</a>`.
 * A click opens the widget in a modal dialog instead of following the link, so
 * the link still works where the script does not run.
 */
import { accessibleText } from './accessible-text.js';
import type { BookingDialog } from './booking-dialog.js';
import { loadDialog } from './load-dialog.js';
import { applySettings, fromDataAttributes } from './widget-settings.js';

export const POPUP_TRIGGER_SELECTOR = '[data-booking-popup]';

const dialogs = new WeakMap<Element, BookingDialog>();

/**
 * Tells assistive technology that the trigger opens a dialog; called again as its `data-` settings change, which reach
 * the widget of its open dialog at once (withdrawn consent stops the events now, not at the next opening).
 */
export function prepareTrigger(trigger: Element): void {
  if (!trigger.hasAttribute('aria-haspopup')) trigger.setAttribute('aria-haspopup', 'dialog');
  const dialog = dialogs.get(trigger);
  if (dialog?.open) applySettings(dialog.widget, fromDataAttributes(trigger));
}

/**
 * Opens the trigger's dialog (one per trigger, kept so a visitor's progress
 * survives closing it). The dialog's code loads on the first opening.
 */
export function openPopup(trigger: HTMLElement): BookingDialog {
  let dialog = dialogs.get(trigger);
  if (!dialog?.isConnected) {
    dialog = document.createElement('booking-dialog');
    document.body.append(dialog);
    dialogs.set(trigger, dialog);
  }
  dialog.label = accessibleText(trigger);
  const closeLabel = trigger.getAttribute('data-close-label');
  if (closeLabel) dialog.closeLabel = closeLabel;
  const opened = dialog;
  void loadDialog().then(() => opened.show(fromDataAttributes(trigger), trigger));
  return dialog;
}

/** The page-wide click listener: plain clicks on a trigger open its popup. */
export function onTriggerClick(event: MouseEvent): void {
  // A modified click (new tab, new window) keeps the link's own behaviour.
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const trigger = (event.target as Element | null)?.closest?.<HTMLElement>(POPUP_TRIGGER_SELECTOR);
  if (!trigger) return;
  event.preventDefault();
  openPopup(trigger);
}
