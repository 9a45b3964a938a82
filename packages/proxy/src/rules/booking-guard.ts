/**
 * What the proxy adds to the two POSTs beyond their shape: a created client's id
 * is swapped for a token on the way out (client-token.ts), and an appointment
 * must name such a token and book only what the widget may offer. Everything
 * here runs before anything is written upstream.
 */
import { isRecord } from 'booking-widget-shared/is-record';
import type { AppointmentInput, ClientInput } from 'booking-widget-shared/types';
import { instantOf } from 'booking-widget-shared/wire-time';
import { isTimeZone } from 'booking-widget-shared/zone';
import type { ResolvedProxy } from '../resolve-options.js';
import { issueClientToken, issuedClient } from '../tokens/client-token.js';
import { MANAGE_TOKEN_GRACE_MS, issueManageToken } from '../tokens/manage-token.js';
import { catalogUnavailable } from '../upstream/catalog.js';
import { checkSubject } from './appointment-subject.js';
import { checkAttribution } from './attribution.js';
import { checkAppointmentTimes } from './appointment-times.js';
import { bookingLimits } from './booking-settings.js';
import { checkFormAnswers } from './form-answers.js';
import type { Forwarding, Guard } from './guard.js';
import { rememberStart } from './known-start.js';
import { companyShown, withoutNeverShown } from './shown-lists.js';
import { bookingWithHolds, HOLD_TOKEN_HEADER } from '../holds/hold-routes.js';
import { claimForBooking, spendChallenge } from './booking-challenge.js';

/** POST clients: the service's id for the new client goes back to the browser as a token; with the booking challenge on, a solved one is spent first. */
export const guardClient: Guard = async ({ proxy, body, request }) => {
  const proof = proxy.challenge ? await spendChallenge(proxy, request, proxy.challenge) : undefined;
  return {
    body,
    rewrite: (value, status) => withClientToken(proxy, value, status, (body as Partial<ClientInput>).phoneNumbers?.[0]?.number, proof),
  };
};

/** POST appointments: for a client this proxy created, what the widget may offer, when it may offer it. */
export const guardAppointment: Guard = ({ proxy, companyId, body, request }) =>
  checkedAppointment(proxy, companyId!, body as Partial<AppointmentInput>, request);

async function withClientToken(
  proxy: ResolvedProxy,
  value: unknown,
  status: number,
  phone: string | undefined,
  proof: string | undefined,
): Promise<unknown> {
  if (status < 200 || status > 299 || !isRecord(value) || !(typeof value.id === 'string' || typeof value.id === 'number')) return value;
  return { ...value, id: await issueClientToken(proxy.signer, String(value.id), proxy.now(), phone, proof) };
}

async function checkedAppointment(
  proxy: ResolvedProxy,
  companyId: string,
  input: Partial<AppointmentInput>,
  request: Request,
): Promise<Forwarding> {
  checkFormAnswers(input.form);
  checkAttribution(input.extendedProperties);
  const token = input.client?.id;
  const { id: clientId, proof } = await issuedClient(proxy.signer, token, proxy.now());
  const company = await proxy.catalog.company(companyId);
  if (!isTimeZone(company.timeZone)) throw catalogUnavailable();
  const limits = bookingLimits(company);
  const minutes = await checkSubject(input, company.scheduledItems, companyId, proxy.catalog, limits);
  checkAppointmentTimes(input.start, input.end, company.timeZone, minutes, limits, proxy.now());
  const held = await bookingWithHolds(proxy, companyId, input, request.headers.get(HOLD_TOKEN_HEADER));
  // Last of the checks: a booking refused by any other is no claim on the challenge.
  const unclaim = proxy.challenge ? await claimForBooking(proxy, request, proxy.challenge, proof, companyId) : undefined;
  return {
    body: { ...held.body, client: { id: clientId } },
    settled: async (answer) => {
      await held.settled?.(answer);
      await unclaim?.(answer);
    },
    rewrite: async (value, status) => {
      if (!isRecord(value)) return value;
      const answer: Record<string, unknown> = { ...value };
      // What the service nests in its answer is seen as the company's own routes show it (shown-lists.ts).
      if (isRecord(value.company)) answer.company = companyShown(value.company);
      if (isRecord(value.staff)) answer.staff = withoutNeverShown(value.staff);
      if (!('client' in value)) return answer;
      answer.client = visitorsClient(value.client, clientId, token!);
      return proxy.manageBookings && status >= 200 && status < 300 ? withManageToken(proxy, companyId, answer, company.timeZone) : answer;
    },
  };
}

/** Contract §7a: the created appointment's answer carries the token that lets its visitor change it. */
async function withManageToken(
  proxy: ResolvedProxy,
  companyId: string,
  answer: Record<string, unknown>,
  zone: string,
): Promise<Record<string, unknown>> {
  if (typeof answer.id !== 'string' && typeof answer.id !== 'number') return answer;
  const startMs = instantOf(answer.start, zone);
  const endMs = instantOf(answer.end, zone, startMs) ?? proxy.now();
  if (startMs !== undefined) await rememberStart(proxy, companyId, String(answer.id), startMs, endMs + MANAGE_TOKEN_GRACE_MS);
  return { ...answer, manageToken: await issueManageToken(proxy.signer, companyId, String(answer.id), endMs) };
}

/**
 * The appointment's client as the browser may see it: the visitor's own token and
 * name, and nothing of any other client, whatever the service put there.
 */
function visitorsClient(client: unknown, clientId: string, token: string): Record<string, string> {
  const own: Record<string, string> = { id: token };
  if (!isRecord(client) || String(client.id) !== clientId) return own;
  for (const key of ['firstName', 'lastName']) if (typeof client[key] === 'string') own[key] = client[key];
  return own;
}
