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
import { type UrlPrefill, readUrlPrefill } from '../../booking/url-prefill.js';
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

  /** What the link asked for, read once as the widget first connects (the CatalogController preselects it). */
  _fromUrl: UrlPrefill | undefined;

  override connectedCallback() {
    if (this.prefillFromUrl && !this._fromUrl) this._readUrl();
    super.connectedCallback();
  }

  private _readUrl() {
    const url = (this._fromUrl = readUrlPrefill(location.search));
    const host = this as unknown as { companyId: string; prefill: BookingPrefill | undefined };
    if (url.location && locationIds(host.companyId).includes(url.location)) host.companyId = url.location;
    else if (url.location) url.problems.push(`bw_location "${url.location}" is not one of company-id's locations; the visitor chooses.`);
    // The page's own prefill wins: the link fills only what it leaves empty.
    host.prefill = { ...url.details, ...host.prefill };
    for (const problem of url.problems) console.warn(`<booking-widget>: ${problem}`);
  }
}
