/**
 * CMS snippets. Page builders strip unknown tags and attributes but keep a
 * `<div>` with `data-*` attributes, so merchants paste
 * `<div data-booking-widget data-company-id="…" data-api-base="…"></div>`
 * and the script puts a `<booking-widget>` inside it.
 */
import type { BookingWidget } from '../components/booking-widget/booking-widget.js';
import { applySettings, fromDataAttributes } from './widget-settings.js';

export const PLACEHOLDER_SELECTOR = '[data-booking-widget]';

/**
 * Fills a placeholder with its widget, replacing any fallback content (a link to
 * a booking page, for visitors without JavaScript). Calling it again only brings
 * the widget's settings up to date, so two copies of the script do no harm.
 */
export function upgradePlaceholder(placeholder: Element): BookingWidget {
  let widget = placeholder.querySelector<BookingWidget>(':scope > booking-widget');
  if (!widget) {
    widget = document.createElement('booking-widget');
    placeholder.replaceChildren(widget);
  }
  applySettings(widget, fromDataAttributes(placeholder));
  return widget;
}
