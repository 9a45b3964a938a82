/**
 * The merchant's campaign and measurement settings of `<booking-widget>` (docs/widget.md,
 * "Measure bookings"): analytics, consent, attribution and prefilled links, declared on a
 * base class of their own so the host stays a thin shell. What reads them lives elsewhere:
 * the AnalyticsController (a lazy chunk), the BookingController (`attribution`) and the
 * CatalogController (a link's preselections).
 */
import { LitElement, type PropertyDeclarations } from 'lit';
import type { Attribution } from 'booking-widget-shared/attribution';
import type { Landing } from '../../booking/attribution.js';

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

  /**
   * The page's parameters, read once as the widget first connects with `prefill-from-url`, by a chunk only
   * such a widget fetches (url-prefill.ts); the CatalogController preselects from them once they are in.
   */
  _fromUrl: Promise<Partial<Record<string, string>>> | undefined;

  /** The location a prefilled link chooses (`bw_location`), once its parameters are read: one of several, opened at once. */
  _urlLocation: string | undefined;

  /**
   * The page the widget first connected on (service contract §15): where the visitor landed, before
   * a hash, a history change or a manage link alters the URL. The BookingController sends it.
   */
  _landing: Landing | undefined;

  override connectedCallback() {
    this._landing ??= { url: location.href, referrer: document.referrer };
    this._fromUrl ??= this.prefillFromUrl
      ? import('./url-prefill.js').then(
          ({ readUrlPrefill }) => {
            const url = readUrlPrefill(this);
            this._urlLocation = url.bw_location;
            this.requestUpdate();
            return url;
          },
          () => ({}),
        )
      : undefined;
    super.connectedCallback();
  }
}
