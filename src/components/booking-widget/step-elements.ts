/**
 * The elements of the steps, one chunk that a widget requests as it connects, so it
 * arrives alongside the API's first answers: the choice lists (services, staff,
 * resources), the time step and the location's contact. The first screen waits for
 * it as it waits for the company, so nothing flashes "Loading…" and the script-tag
 * bundle carries none of them. The location step (location-view.ts) and the resource
 * step's "How long?" (choice-steps.ts) come with chunks of their own, for the
 * companies that have them.
 */
import '../choice-list/choice-list.js';
import '../company-contact/company-contact.js';
import '../time-step/time-step.js';
