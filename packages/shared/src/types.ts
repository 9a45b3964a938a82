/**
 * Records exchanged with the scheduling service, as fixed by docs/service-contract.md.
 * Only the fields the booking flow, the proxy and the sandbox rely on are typed;
 * the service may send more, and every consumer must tolerate that.
 */
import type { Attribution } from './attribution.js';

/** A wall-clock time without offset, in the named IANA zone (service contract §3). */
export interface DateTimeInZone {
  /** `yyyy-MM-ddTHH:mm:ss`, no offset. */
  dateTime: string;
  /** IANA zone name; legacy links such as `US/Eastern` are valid. */
  timeZone: string;
}

export const WEEK_DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

/** One opening period, `HH:mm` wall-clock times. */
export interface TimePeriod {
  start: string;
  end: string;
}

export interface WorkingHoursDay {
  day: WeekDay;
  hours: TimePeriod[];
}

/** Inclusive days, `yyyy/mm/dd` (service contract §3). */
export interface Vacation {
  startDate: string;
  endDate: string;
}

export interface Picture {
  url: string;
  mimeType?: string;
}

export interface ExtendedProperties {
  /** Returned to the widget; carries `bookingWidget` settings (service contract §10). */
  public?: Record<string, unknown>;
  /** Never shown online; proxies strip it. */
  private?: Record<string, unknown>;
}

/** Selects the booking flow (service contract §6). */
export type ScheduledItems = 'service' | 'service-staff' | 'staff-service' | 'resource' | 'quickStart';

export interface Address {
  street?: string;
  otherStreet?: string;
  zipCode?: string;
  state?: string;
  city?: string;
  country?: string;
}

export interface Company {
  id: string;
  externalId?: string;
  name: string;
  timeZone: string;
  scheduledItems: ScheduledItems;
  description?: string;
  picture?: Picture;
  photo?: Picture;
  email?: string;
  phone?: string;
  address?: Address;
  websiteLink?: string;
  /** Where it is, for a map link and "Nearest first" (service contract §12). */
  geolocation?: { lat: number; lng: number };
  currency?: string;
  workingHours?: WorkingHoursDay[];
  vacations?: Vacation[];
  extendedProperties?: ExtendedProperties;
  updated?: DateTimeInZone;
}

export interface StaffRef {
  id: string;
  firstName?: string;
  lastName?: string;
}

export interface Service {
  id: string;
  name: string;
  description?: string;
  /** Minutes. */
  duration: number;
  /** Minutes kept free after each appointment. */
  bufferDuration?: number;
  price?: number;
  color?: string;
  picture?: Picture;
  /** Who performs the service. */
  staff?: StaffRef[];
  /** `"backoffice"` means not bookable online; anything else or absent is bookable. */
  availability?: string;
  extendedProperties?: ExtendedProperties;
}

export interface Staff {
  id: string;
  firstName: string;
  lastName: string;
  description?: string;
  picture?: Picture;
  services?: { id: string; name?: string }[];
  workingHours?: WorkingHoursDay[];
  vacations?: Vacation[];
  /** `false` hides the staff member online. */
  availableForWidget?: boolean;
  extendedProperties?: ExtendedProperties;
}

export interface Resource {
  id: string;
  name: string;
  description?: string;
  /** Minutes. */
  duration: number;
  /** Units that can be booked at the same time. */
  count: number;
  /** As a service's: `"backoffice"` means not bookable online. */
  availability?: string;
  price?: number;
  picture?: Picture;
  workingHours?: WorkingHoursDay[];
  extendedProperties?: ExtendedProperties;
}

export interface StaffGroup {
  id: string;
  name: string;
  color?: string;
  workingHours?: WorkingHoursDay[];
  members: { id: string; firstName?: string; lastName?: string; selfLink?: string }[];
}

export interface ResourceGroup {
  id: string;
  name: string;
  description?: string;
  color?: string;
  members: { id: string; name?: string; selfLink?: string }[];
}

/** One day of a free-slot answer (service contract §5). */
export interface SlotDay {
  /** `yyyy-MM-dd` in `timeZone`. */
  day: string;
  /** Start times: `yyyy-MM-ddTHH:mm:ss` (or a bare `HH:mm[:ss]` read on `day`), wall clock in `timeZone`. */
  slots: string[];
  timeZone?: string;
}

export interface SlotsResponse {
  items: SlotDay[];
  service?: { id: string; name?: string; selfLink?: string };
  staff?: { id: string; firstName?: string; lastName?: string; selfLink?: string };
}

export interface ClientInput {
  firstName: string;
  lastName: string;
  emailAddresses?: { email: string; primary?: boolean }[];
  phoneNumbers?: { number: string; primary?: boolean; mobile?: boolean }[];
  timeZone?: string;
  language?: string;
  explicitConsent?: boolean;
  marketingConsent?: boolean;
}

export interface Client extends ClientInput {
  id: string;
}

export interface AppointmentFormAnswer {
  id: string;
  title: string;
  value: string;
}

/** Body of an appointment insert (service contract §7): a service **or** a resource. */
export interface AppointmentInput {
  client: { id: string };
  service?: { id: string };
  resource?: { id: string };
  staff?: { id: string };
  start: DateTimeInZone;
  end: DateTimeInZone;
  notes?: string;
  resourceCount?: number;
  iterationCount?: number;
  form?: AppointmentFormAnswer[];
  /** Where the booking came from (service contract §15): the only private property a booking page may set. */
  extendedProperties?: { private?: { attribution?: Attribution } };
}

export type AppointmentStatus = 'accepted' | 'pending';

export interface Appointment {
  id: string;
  reference: string;
  status: AppointmentStatus;
  company: { id: string; name?: string };
  service?: { id: string; name?: string };
  resource?: { id: string; name?: string };
  staff?: StaffRef;
  client: { id: string; firstName?: string; lastName?: string };
  start: DateTimeInZone;
  end: DateTimeInZone;
  notes?: string;
  resourceCount?: number;
  iterationCount?: number;
  form?: AppointmentFormAnswer[];
  /** Partner reads only: a booking proxy removes `private` (service contract §8, §15). */
  extendedProperties?: ExtendedProperties;
  /** Added by a booking proxy to a created appointment (service contract §7a): lets the visitor read, move or cancel it. */
  manageToken?: string;
}

/** The longest range one free-slot request may ask for, in days, both ends counted: the service's limit, which the widget keeps and the proxy enforces. */
export const MAX_FREE_SLOT_DAYS = 62;

export interface ListResponse<T> {
  items: T[];
}

/** The error codes of service contract §9. */
export const ERROR_CODES = [
  'INVALID_PARAMETER',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'DATE_NOT_AVAILABLE',
  'STAFF_NOT_AVAILABLE',
  'IDEMPOTENCY_CONFLICT',
  /** 409: a walk-in queue that is not open (service contract §16). */
  'QUEUE_CLOSED',
  'PAYLOAD_TOO_LARGE',
  /** 408: a booking proxy gave up waiting for the request's body. */
  'REQUEST_TIMEOUT',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Body of every non-2xx answer (service contract §9). */
export interface ErrorBody {
  error: {
    code: number;
    errorCode: ErrorCode | string;
    message: string;
    /** Present when one input is at fault, as a dotted path: `start.dateTime`. */
    field?: string;
  };
}
