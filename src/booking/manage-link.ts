/**
 * The link a visitor keeps to manage their booking (service contract §7a): a page of the
 * merchant's that holds the widget, with one parameter in its fragment naming the booking
 * (`#booking=…`: a fragment is never sent to a server, nor to analytics by default; the
 * query form of links sent before still works). The value is `<appointment id>:<manage
 * token>`; with an access token (no proxy) it is the appointment id alone, since the
 * signed-in merchant needs no token. A widget with several locations adds the booking's
 * own, `:<location>` (`<id>::<location>` without a token), so the link opens it directly.
 */
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
  locationId?: string;
}

/** `undefined` for an empty or malformed value: the widget then books as usual. */
export function parseManageLink(value: string | null | undefined): ManageLink | undefined {
  const [appointmentId, token, locationId, extra] = (value ?? '').trim().split(':');
  if (!appointmentId || extra !== undefined || locationId === '' || (token === '' && !locationId)) return undefined;
  return locationId ? { appointmentId, token: token || undefined, locationId } : { appointmentId, token };
}

/** A widget's link: its `booking-token`, else the one in the page's address, read once (then removed from the address) and kept. */
export class ManageLinkSource {
  private _fromAddress: string | null = null;
  private _lookedFor: string | undefined;

  read(bookingToken: string | undefined, param: string): ManageLink | undefined {
    // Looked for again under a new `manage-param`, until one is found.
    if (this._fromAddress === null && this._lookedFor !== param) {
      this._lookedFor = param;
      this._fromAddress = takeManageLinkFromUrl(param);
    }
    return parseManageLink(bookingToken ?? this._fromAddress);
  }
}

/**
 * The link's value in the page's address, the fragment's first, then the query's; once
 * read, it is removed from the address bar (`history.replaceState`), so that it stays out
 * of what the visitor shares, bookmarks or screenshots. Everything else in the address
 * (the query, other fragment content) and the history state the page's router keeps stay
 * as they were.
 */
export function takeManageLinkFromUrl(param: string): string | null {
  const href = globalThis.location?.href;
  if (!href) return null;
  const [beforeHash = '', hash] = href.split(/#(.*)/s);
  const [path = '', query] = beforeHash.split(/\?(.*)/s);
  const fromHash = takeParam(hash, param);
  const fromQuery = takeParam(query, param);
  const value = fromHash.value ?? fromQuery.value;
  if (value === null) return null;
  const rest = `${path}${fromQuery.rest ? `?${fromQuery.rest}` : ''}${fromHash.rest ? `#${fromHash.rest}` : ''}`;
  try {
    history.replaceState(history.state, '', rest);
  } catch {
    // A sandboxed frame may refuse: the link still opens the booking.
  }
  return value;
}

/** `param`'s value in `a=1&b=2` (the first), and the text without it, every other part untouched. */
function takeParam(text: string | undefined, param: string): { value: string | null; rest: string | undefined } {
  if (text === undefined) return { value: null, rest: text };
  const parts = text.split('&');
  const index = parts.findIndex((part) => part.split('=')[0] === param);
  if (index < 0) return { value: null, rest: text };
  const [found] = parts.splice(index, 1);
  let value: string;
  try {
    value = decodeURIComponent(found!.slice(param.length + 1).replace(/\+/g, ' '));
  } catch {
    value = '';
  }
  return { value, rest: parts.join('&') };
}
