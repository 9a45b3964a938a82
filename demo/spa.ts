// In an app: `npm install booking-widget`, then `import … from 'booking-widget'`.
import { type BookedEvent, BookingWidget } from '../src/index.js';
import { createSchedulingClient } from '../src/api/index.js';

const app = document.querySelector('#app')!;
const status = document.querySelector('#status')!;

function bookingPage(): HTMLElement {
  const widget = document.createElement('booking-widget');
  widget.companyId = 'demo-salon';
  widget.apiBase = '/booking-api';
  widget.prefill = { firstName: 'Ada', lastName: 'Lovelace' };
  widget.addEventListener('bw-booked', (event: BookedEvent) => {
    status.textContent = `The app heard about booking ${event.detail.appointment.reference}.`;
  });
  return widget;
}

async function servicesPage(): Promise<HTMLElement> {
  const services = await createSchedulingClient({ apiBase: '/booking-api' }).listServices('demo-salon');
  const list = document.createElement('ul');
  list.append(
    ...services.map((service) => Object.assign(document.createElement('li'), { textContent: `${service.name} (${service.duration} min)` })),
  );
  return list;
}

async function route() {
  const page = new URLSearchParams(location.search).get('page') === 'book' ? bookingPage() : await servicesPage();
  app.replaceChildren(page);
  status.textContent = page instanceof BookingWidget ? 'Route: book' : 'Route: services';
}

document.querySelector('.tabs')!.addEventListener('click', (event) => {
  const link = (event.target as Element).closest('a');
  if (!link) return;
  event.preventDefault();
  history.pushState(null, '', link.href);
  void route();
});
addEventListener('popstate', () => void route());
void route();
