// A React app that installed the package: `npm install booking-widget`, then this.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BookingButton, BookingWidget } from 'booking-widget/react';

function App() {
  const [step, setStep] = useState('loading');
  const [reference, setReference] = useState<string>();
  const [held, setHeld] = useState<string>();
  return (
    <main>
      <h1>Book with us</h1>
      <BookingWidget
        companyId="demo-salon"
        apiBase="/booking-api"
        prefill={{ firstName: 'Ada' }}
        onBwStepChange={(event) => setStep(event.detail.step)}
        onBwSlotHeld={(event) => setHeld(event.detail.start)}
        onBwBooked={(event) => setReference(event.detail.appointment.reference)}
      />
      <p role="status">{reference ? `Booked ${reference}` : `Step: ${step}`}</p>
      <p>{held ? `Held ${held}` : 'Nothing held'}</p>
      <BookingButton companyId="demo-clinic" apiBase="/booking-api" onBwReady={(event) => setStep(`popup ready: ${event.detail.company.name}`)}>
        Book a physio
      </BookingButton>
    </main>
  );
}

createRoot(document.querySelector('#root')!).render(<App />);
