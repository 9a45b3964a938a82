/**
 * What the service sends when staff call a person (service contract §16): a text to the
 * phone they gave, recorded as §14 shapes a notification, with `registration` in place
 * of `appointment`. One function, so that whatever delivers notifications to watches
 * takes them from here.
 */
import type { ClientRow, QueueNotification, QueueRow, RegistrationRow } from '../store/rows.js';
import type { AccountScope } from '../store/scope.js';
import { randomId } from '../store/ids.js';

/** Records the "it's your turn" text for `registration`, to its client's phone (an e-mail when they gave none); returns it. */
export function notifyCalled(
  scope: AccountScope,
  queue: QueueRow,
  registration: RegistrationRow,
  client: ClientRow | undefined,
): QueueNotification | undefined {
  const phone = client?.phoneNumbers?.find((entry) => entry.primary)?.number ?? client?.phoneNumbers?.[0]?.number;
  const email = client?.emailAddresses?.find((entry) => entry.primary)?.email ?? client?.emailAddresses?.[0]?.email;
  const recipient = phone ?? email;
  if (!recipient) return undefined;
  const company = scope.store.findCompany(scope.accountId, queue.companyId);
  const notification: QueueNotification = {
    id: randomId(),
    accountId: scope.accountId,
    companyId: queue.companyId,
    type: phone ? 'sms' : 'email',
    registration: { id: registration.id },
    date: new Date(scope.nowMs).toISOString(),
    recipients: [recipient],
    content: `${company?.record.name ?? queue.name}: it's your turn${client?.firstName ? `, ${client.firstName}` : ''}. Please come to the front desk.`,
  };
  scope.store.state.queueNotifications.push(notification);
  return notification;
}
