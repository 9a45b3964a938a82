/**
 * Books the way a visitor does, by role and visible name, inside one widget
 * (Playwright's locators see through open shadow roots).
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright';
import type { Services } from './services.js';

export interface Visitor {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** A visitor whose last name marks the path under test, to find their booking afterwards. */
export const visitorFor = (path: string): Visitor => ({
  firstName: 'Ada',
  lastName: `Lovelace-${path}`,
  email: `ada+${path}@example.com`,
  phone: '+1 617 555 0100',
});

/**
 * A men's cut with anyone at demo-salon, the first free time, then the details
 * (the salon requires a phone number) and the consent it asks for. Returns the reference on the confirmation.
 */
export async function bookAtSalon(widget: Locator | Page, visitor: Visitor): Promise<string> {
  await widget.getByRole('button', { name: /Men's cut/ }).click();
  await widget.getByRole('button', { name: /Anyone available/ }).click();
  await widget.locator('[part~="slot"]').first().click();
  await widget.getByRole('button', { name: 'Continue' }).click();
  return bookWithDetails(widget, visitor);
}

/** On the salon's details step: the details, the consent it asks for, Book. Returns the reference on the confirmation. */
export async function bookWithDetails(widget: Locator | Page, visitor: Visitor): Promise<string> {
  await widget.getByRole('textbox', { name: /^First name/ }).fill(visitor.firstName);
  await widget.getByRole('textbox', { name: /^Last name/ }).fill(visitor.lastName);
  await widget.getByRole('textbox', { name: /^Email/ }).fill(visitor.email);
  await widget.getByRole('textbox', { name: /^Phone/ }).fill(visitor.phone);
  await widget.getByRole('checkbox', { name: /privacy policy/ }).check();
  await widget.getByRole('button', { name: 'Book', exact: true }).click();
  await widget.getByRole('heading', { name: 'Booking confirmed' }).waitFor();
  return (await widget.locator('[part~="reference"]').textContent())!.trim();
}

/** Asserts the sandbox holds exactly one appointment for `visitor`, with that reference. */
export async function assertBooked(services: Services, visitor: Visitor, reference: string, companyId = 'demo-salon'): Promise<void> {
  const mine = (await services.appointments(companyId)).filter((item) => item.client.lastName === visitor.lastName);
  assert.equal(mine.length, 1, `one appointment for ${visitor.lastName}`);
  assert.equal(mine[0]!.reference, reference);
}
