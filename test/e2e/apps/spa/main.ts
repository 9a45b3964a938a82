// An SPA that installed the package: `npm install booking-widget`, then this.
import { type BookedEvent, BookingWidget } from 'booking-widget';
import { createSchedulingClient } from 'booking-widget/api';

const app = document.querySelector('#app')!;
const status = document.querySelector('#status')!;

function bookingPage(): HTMLElement {
  const widget = document.createElement('booking-widget');
  widget.companyId = 'demo-salon';
  widget.apiBase = '/booking-api';
  widget.prefill = { firstName: 'Ada' };
  widget.addEventListener('bw-booked', (event: BookedEvent) => {
    status.textContent = `Booked ${event.detail.appointment.reference}`;
  });
  return widget;
}

async function homePage(): Promise<HTMLElement> {
  // The same package's adapter, for the app's own UI.
  const services = await createSchedulingClient({ apiBase: '/booking-api' }).listServices('demo-salon');
  const list = document.createElement('ul');
  list.append(...services.map((service) => Object.assign(document.createElement('li'), { textContent: service.name })));
  return list;
}

async function route() {
  const page = location.pathname === '/book' ? bookingPage() : await homePage();
  app.replaceChildren(page);
  status.textContent = page instanceof BookingWidget ? 'Booking page' : 'Home page';
}

document.addEventListener('click', (event) => {
  const link = (event.target as Element).closest('a');
  if (!link) return;
  event.preventDefault();
  history.pushState(null, '', link.href);
  void route();
});
void route();
