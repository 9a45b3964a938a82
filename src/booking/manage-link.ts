/**
 * The link a visitor keeps to manage their booking (service contract §7a): a page of the
 * merchant's that holds the widget, with one parameter in its fragment naming the booking
 * (`#booking=…`: a fragment is never sent to a server, nor to analytics by default; the
 * query form of links sent before still works). The value is `<appointment id>:<manage
 * token>`; with an access token (no proxy) it is the appointment id alone, since the
 * signed-in merchant needs no token. A widget with several locations adds the booking's
 * own, `:<location>` (`<id>::<location>` without a token), so the link opens it directly.
 */
/**
 * The URL parameter that reopens a visitor's place in a walk-in line: `<registration id>:<queue token>`, written like a
 * manage link's value and, like it, in the fragment (`#walk-in=…`), which no server and no page view records. Unlike a
 * manage link it stays in the address, so that a reload shows the place again. Read from the query too: a hash-routed
 * page's links carry it there (place-updates.ts), as did the links sent before.
 */
export const QUEUE_PARAM = 'walk-in';

/** The place in a walk-in line the page's address reopens, if any (`#walk-in=…` or `?walk-in=…`). */
export const placeLink = (): ManageLink | undefined => {
  const { hash = '', search = '' } = globalThis.location ?? {};
  return parseManageLink(new URLSearchParams(hash.slice(1)).get(QUEUE_PARAM) ?? new URLSearchParams(search).get(QUEUE_PARAM));
};

/** The URL parameter the widget reads by default (`manage-param`). */
export const DEFAULT_MANAGE_PARAM = 'booking';

/** Where a visitor's link leads: the page (`manage-url`, else the current one) and its parameter. */
export interface ManageTarget {
  page: string;
  param: string;
  /** The widget calls the service with an access token: no proxy, no token, the id is enough. */
  direct: boolean;
  /** The location booked, when the widget shows several. */
  location?: string | undefined;
}

export interface ManageLink {
  appointmentId: string;
  /** Absent when the widget calls the service with an access token. */
  token?: string | undefined;
  /** The booking's location, when the widget that made it shows several. */
  locationId?: string | undefined;
}

/** `undefined` for an empty or malformed value: the widget then books as usual. */
export function parseManageLink(value: string | null | undefined): ManageLink | undefined {
  const [appointmentId, token, locationId, extra] = (value ?? '').trim().split(':');
  if (!appointmentId || extra !== undefined || locationId === '' || (token === '' && !locationId)) return undefined;
  return { appointmentId, token: token || undefined, locationId };
}

/**
 * A widget's link: its `booking-token`, else the one in the page's address, read once (then removed from the
 * address) and kept. A link followed on the page itself changes only the fragment: the host updates, and reads it.
 */
export class ManageLinkSource {
  private _fromAddress: string | null = null;
  private _lookedFor: string | undefined;
  /** The fragment changed (a link to this page was followed): look again. */
  private _followed = false;
  /** A `booking-token` the visitor is done with (cancelled, then booked anew): read again only once it changes. */
  private _done: string | undefined;
  private readonly _onAddress: () => void;

  constructor(host: { addController(controller: object): void; requestUpdate(): void }) {
    this._onAddress = () => ((this._followed = true), host.requestUpdate());
    host.addController(this);
  }

  hostConnected(): void {
    addEventListener('hashchange', this._onAddress);
  }

  hostDisconnected(): void {
    removeEventListener('hashchange', this._onAddress);
  }

  read(bookingToken: string | undefined, param: string): ManageLink | undefined {
    // Looked for again under a new `manage-param` or at a new address (a link to this page changes only its
    // fragment: the confirmation's own "Reschedule or cancel"), until one is found.
    if (this._fromAddress === null && (this._lookedFor !== param || this._followed)) {
      this._lookedFor = param;
      this._followed = false;
      this._fromAddress = takeManageLinkFromUrl(param);
    }
    return parseManageLink((bookingToken !== this._done && bookingToken) || this._fromAddress);
  }

  /** The visitor is done with the link: a new booking follows. Another link followed on the page is read again. */
  forget(bookingToken: string | undefined): void {
    this._fromAddress = null;
    this._done = bookingToken;
  }
}

/**
 * The link's value in the page's address (the first `param=` of its query or fragment);
 * once read, it is removed from the address bar (`history.replaceState`), so that it
 * stays out of what the visitor shares, bookmarks or screenshots. Everything else in the
 * address, and the history state the page's router keeps, stay as they were.
 */
export function takeManageLinkFromUrl(param: string): string | null {
  let value: string | undefined;
  const href = globalThis.location?.href ?? '';
  const rest = href
    .replace(new RegExp(`([?#&])${param}=([^&#]*)&?`), (_, lead: string, found: string) => ((value = found), lead))
    .replace(/[?&#](?=#|$)/, '');
  if (value === undefined) return null;
  // Same origin, same document: only the address bar changes, never the page or its router's state.
  history.replaceState(history.state, '', rest);
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
