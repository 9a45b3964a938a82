// The raw tags in React 19, typed by booking-widget/types/react (referenced in booking-widget.d.ts).
import { useRef, useState } from 'react';
import 'booking-widget';
import type { BookingButton } from 'booking-widget';

export function Booking({ email }: { email: string }) {
  const button = useRef<BookingButton>(null);
  const [reference, setReference] = useState<string>();
  return (
    <section className="booking" aria-label="Booking">
      <booking-widget
        key="salon"
        company-id="demo-salon"
        api-base="/booking-api"
        theme="auto"
        display-time-zone="local"
        prefill={{ firstName: 'Ada', email }}
        onbw-booked={(event) => setReference(event.detail.appointment.reference)}
        onbw-step-change={(event) => console.info(event.detail.step, event.target.companyId)}
        onbw-error={(event) => console.error(event.detail.phase, event.detail.errorCode)}
      />
      <booking-button ref={button} companyId="demo-clinic" apiBase="/booking-api" close-label="Close" queue="off" manage-url="/my-booking">
        Book a physio
      </booking-button>
      <button type="button" onClick={() => button.current?.show()}>
        Open {reference}
      </button>
      <booking-dialog label="Book" style={{ maxWidth: '40rem' }} />
    </section>
  );
}
