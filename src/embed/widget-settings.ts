/**
 * The settings every embedding passes on to `<booking-widget>`. The names come
 * from the element itself (`observedAttributes`), so an attribute added to the
 * widget reaches the popup, the CMS placeholder and the React wrapper with no
 * change here.
 */
import { BookingWidget } from '../components/booking-widget/booking-widget.js';

/** Reads one setting by the widget's attribute name (`company-id`); `null` when unset. */
export type SettingReader = (name: string) => string | null;

/** Settings written as the widget's own attributes: `<booking-button company-id=…>`. */
export const fromAttributes =
  (element: Element): SettingReader =>
  (name) =>
    element.getAttribute(name);

/** Settings written as data attributes, which CMSs keep: `<div data-company-id=…>`. */
export const fromDataAttributes =
  (element: Element): SettingReader =>
  (name) =>
    element.getAttribute(`data-${name}`);

/** The data attributes that carry settings, for a MutationObserver's filter. */
export const settingDataAttributes = (): string[] => BookingWidget.observedAttributes.map((name) => `data-${name}`);

/** Makes `widget`'s attributes match the settings: sets what is given, removes what is not. */
export function applySettings(widget: Element, read: SettingReader): void {
  for (const name of BookingWidget.observedAttributes) {
    const value = read(name);
    if (value === null) widget.removeAttribute(name);
    else if (widget.getAttribute(name) !== value) widget.setAttribute(name, value);
  }
}
