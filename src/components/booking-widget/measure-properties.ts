/**
 * The merchant's campaign and measurement settings of `<booking-widget>` (docs/widget.md,
 * "Measure bookings"): analytics, consent, attribution and prefilled links, declared on a
 * base class of their own so the host stays a thin shell. What reads them lives elsewhere:
 * the AnalyticsController (a lazy chunk), the BookingController (`attribution`) and the
 * CatalogController (a link's preselections).
 */
import { LitElement, type PropertyDeclarations } from 'lit';
import type { Attribution } from 'booking-widget-shared/attribution';
import { locationIds } from '../../booking/location-ids.js';
import { isCalendarDate } from 'booking-widget-shared/calendar-date';
import type { BookingPrefill } from '../../booking/visitor-details.js';

export class MeasuredElement extends LitElement {
  static override properties: PropertyDeclarations = {
    analytics: {},
    analyticsConsent: { attribute: 'analytics-consent' },
    attribution: { attribute: false },
    prefillFromUrl: { attribute: 'prefill-from-url', type: Boolean },
  };

  /** Sends GA4 e-commerce events to `datalayer` (Google Tag Manager) or `gtag`, once the visitor consents. Default `none`. */
  analytics = 'none';

  /** `granted` once the visitor agrees to analytics (set it from your consent banner); nothing is sent before. Default `denied`. */
  analyticsConsent = 'denied';

  /**
   * Where the visitor came from, from your own first-party storage (`utm_*`, `gclid`, `fbclid`, `msclkid`,
   * `landingPage`, `referrer`): sent with the booking, and it wins over the page URL's.
   */
  attribution: Attribution | undefined;

  /**
   * Reads the page's `bw_*` parameters (`bw_service`, `bw_staff`, `bw_resource`, `bw_location`, `bw_date`,
   * `bw_first_name`, `bw_last_name`, `bw_email`, `bw_phone`) to preselect and prefill. Off by default:
   * personal data in links ends up in server logs.
   */
  prefillFromUrl = false;

  /** The page's parameters, read once as the widget first connects with `prefill-from-url` (the CatalogController preselects from them). */
  _fromUrl: Partial<Record<string, string>> | undefined;

  override connectedCallback() {
    if (this.prefillFromUrl && !this._fromUrl) {
      const url: Partial<Record<string, string>> = (this._fromUrl = Object.fromEntries(new URLSearchParams(globalThis.location.search)));
      const host = this as unknown as { companyId: string; prefill: BookingPrefill | undefined };
      const { bw_location: place, bw_first_name: firstName, bw_last_name: lastName, bw_email: email, bw_phone: phone } = url;
      if (place && locationIds(host.companyId).includes(place)) host.companyId = place;
      else if (place) warnParam('bw_location', place);
      if (url.bw_date && !isCalendarDate(url.bw_date)) warnParam('bw_date', url.bw_date);
      // The page's own prefill wins: the link fills only what it leaves empty.
      host.prefill = { firstName, lastName, email, phone, ...host.prefill };
    }
    super.connectedCallback();
  }
}

/** A link's parameter that this widget cannot use: the merchant learns which. */
export const warnParam = (name: string, value: string) =>
  console.warn(`<booking-widget>: ${name} "${value}" is not offered here; it is ignored.`);
