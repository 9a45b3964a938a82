// The raw tags in Solid, typed by booking-widget/types/solid (imported once, here).
import { createSignal } from 'solid-js';
import 'booking-widget';
import 'booking-widget/types/solid';
import type { BookingButton } from 'booking-widget';

export function Booking() {
  let button: BookingButton | undefined;
  const [reference, setReference] = createSignal<string>();
  return (
    <section class="booking" aria-label="Booking">
      <booking-widget
        company-id="demo-salon"
        api-base="/booking-api"
        theme="auto"
        prop:prefill={{ firstName: 'Ada' }}
        on:bw-booked={(event) => setReference(event.detail.appointment.reference)}
        onbw-error={(event) => console.error(event.detail.phase)}
      />
      <booking-button ref={(element) => (button = element)} attr:company-id="demo-clinic" close-label="Close" queue="off" manage-url="/my-booking">
        Book a physio
      </booking-button>
      <button type="button" onClick={() => button?.show()}>
        Open {reference()}
      </button>
      <booking-dialog label="Book" />
    </section>
  );
}
