/**
 * What a public booking page shows of a company's lists: the widget keeps only
 * these, and the proxy strips the rest from the lists it forwards, so the two can
 * never disagree on what a visitor may see.
 */
import type { Resource, Service, Staff } from './types.js';

/** A service or resource marked `backoffice` is booked by the merchant's staff only. */
export const bookableOnline = (item: Pick<Service | Resource, 'availability'>): boolean => item.availability !== 'backoffice';

/** `availableForWidget: false` hides a staff member online. */
export const staffShownOnline = (member: Pick<Staff, 'availableForWidget'>): boolean => member.availableForWidget !== false;
