import '../src/index.js';

interface SandboxAppointment {
  company: string;
  reference: string;
  service?: { name?: string };
  resource?: { name?: string };
  start: { dateTime: string; timeZone: string };
  client: { firstName?: string; lastName?: string };
  /** Where the visitor came from (service contract §15): only a partner read, as this one, sees it. */
  extendedProperties?: { private?: { attribution?: Record<string, string> } };
}

const widgets = () => document.querySelectorAll('booking-widget');
const controls = document.querySelector<HTMLFormElement>('.controls')!;

controls.addEventListener('change', (event) => {
  const select = event.target as HTMLSelectElement;
  for (const widget of widgets()) widget.setAttribute(select.name, select.value);
});

const cell = (text: string) => {
  const td = document.createElement('td');
  td.textContent = text;
  return td;
};

async function showBookings() {
  const response = await fetch('/demo-api/appointments');
  const { items } = (await response.json()) as { items: SandboxAppointment[] };
  // The sandbox lists in the order things were booked: newest first here.
  const rows = [...items].reverse().map((item) => {
    const row = document.createElement('tr');
    row.append(
      cell(item.company),
      cell(item.reference),
      cell(item.service?.name ?? item.resource?.name ?? ''),
      cell(`${item.start.dateTime.replace('T', ' ').slice(0, 16)} ${item.start.timeZone}`),
      cell([item.client.firstName, item.client.lastName].filter(Boolean).join(' ')),
      cell(
        Object.entries(item.extendedProperties?.private?.attribution ?? {})
          .map(([key, value]) => `${key}=${value}`)
          .join(' '),
      ),
    );
    return row;
  });
  document.querySelector('#bookings')!.replaceChildren(...rows);
}

// The table follows every outcome: a booking, and a move or a cancellation through a visitor's link.
for (const outcome of ['bw-booked', 'bw-rescheduled', 'bw-cancelled'] as const)
  document.addEventListener(outcome, () => void showBookings());

/** A recording dataLayer, as Google Tag Manager's: each event the widgets push shows in the panel. */
const layer: unknown[] & { push(...items: unknown[]): number } = ((window as unknown as { dataLayer?: unknown[] }).dataLayer ??= []);
const push = layer.push.bind(layer);
layer.push = (...items: unknown[]) => {
  for (const item of items as { event?: string; ecommerce?: unknown }[]) {
    if (!item.event) continue;
    const entry = document.createElement('li');
    entry.textContent = `${item.event} ${JSON.stringify(item.ecommerce)}`;
    document.querySelector('#events')!.append(entry);
  }
  return push(...items);
};
void showBookings();

// Plays the salon's staff: the next person in its walk-in line is called (and texted, in the sandbox).
const callNext = document.querySelector<HTMLButtonElement>('#call-next');
callNext?.addEventListener('click', async () => {
  const status = document.querySelector('#call-next-status')!;
  const answer = await fetch('/demo-api/queue-next', { method: 'POST' });
  status.textContent = answer.ok
    ? 'Called the next person.'
    : answer.status === 404
      ? 'No one is waiting.'
      : `The sandbox answered ${answer.status}.`;
});
