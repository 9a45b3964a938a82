/**
 * The merchant's measurement settings of `<booking-widget>` (docs/widget.md, "Measure
 * bookings"), declared on a base class of their own so the host stays a thin shell:
 * what reads them lives elsewhere (the AnalyticsController, a lazy chunk; the
 * BookingController, for `attribution`).
 */
import { LitElement, type PropertyDeclarations } from 'lit';
import type { Attribution } from 'booking-widget-shared/attribution';

export class MeasuredElement extends LitElement {
  static override properties: PropertyDeclarations = {
    analytics: {},
    analyticsConsent: { attribute: 'analytics-consent' },
    attribution: { attribute: false },
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
}
