/**
 * The link a visitor keeps to manage their booking (service contract §7a): a page of the
 * merchant's that holds the widget, with one URL parameter naming the booking.
 * The value is `<appointment id>:<manage token>`; with an access token (no
 * proxy) it is the appointment id alone, since the signed-in merchant needs no token.
 */
/** The URL parameter that reopens a visitor's place in a walk-in line: `<registration id>:<queue token>`, read as a manage link is. */
export const QUEUE_PARAM = 'walk-in';

/** The URL parameter the widget reads by default (`manage-param`). */
export const DEFAULT_MANAGE_PARAM = 'booking';

/** Where a visitor's link leads: the page (`manage-url`, else the current one) and its parameter. */
export interface ManageTarget {
  page: string;
  param: string;
  /** The widget calls the service with an access token: no proxy, no token, the id is enough. */
  direct: boolean;
}

export interface ManageLink {
  appointmentId: string;
  /** Absent when the widget calls the service with an access token. */
  token?: string | undefined;
}

/** `undefined` for an empty or malformed value: the widget then books as usual. */
export function parseManageLink(value: string | null | undefined): ManageLink | undefined {
  const [appointmentId, token, extra] = (value ?? '').trim().split(':');
  return appointmentId && token !== '' && extra === undefined ? { appointmentId, token } : undefined;
}
