// In an app: `npm install booking-widget`, then `import { BookingWidget } from 'booking-widget/react'`.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BookingButton, BookingWidget } from '../src/react/index.js';

function App() {
  const [company, setCompany] = useState('demo-salon');
  const [log, setLog] = useState<string[]>([]);
  const note = (line: string) => setLog((lines) => [line, ...lines].slice(0, 5));
  return (
    <div className="stack">
      <label>
        Company{' '}
        <select value={company} onChange={(event) => setCompany(event.target.value)}>
          <option value="demo-salon">Hair salon</option>
          <option value="demo-courts">Tennis club</option>
          <option value="demo-clinic">Physio clinic</option>
        </select>
      </label>
      <BookingWidget
        companyId={company}
        apiBase="/booking-api"
        onBwReady={(event) => note(`ready: ${event.detail.company.name}`)}
        onBwStepChange={(event) => note(`step: ${event.detail.step}`)}
        onBwBooked={(event) => note(`booked: ${event.detail.appointment.reference}`)}
      />
      <p>
        <BookingButton
          companyId={company}
          apiBase="/booking-api"
          onBwBooked={(event) => note(`booked in the popup: ${event.detail.appointment.reference}`)}
        >
          Or book in a popup
        </BookingButton>
      </p>
      <section aria-labelledby="events-title">
        <h2 id="events-title">Events the app received</h2>
        <ul aria-live="polite">
          {log.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

createRoot(document.querySelector('#root')!).render(<App />);
