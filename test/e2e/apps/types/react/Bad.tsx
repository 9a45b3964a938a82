// Each line marked `expect-error` must fail to type-check, with that message; no other line may.
import 'booking-widget';

export const wrong = (
  <>
    <booking-widget company-id="demo-salon" theme="purple" /> {/* expect-error: '"purple"' is not assignable */}
    <booking-widget company-id="demo-salon" bogus="1" /> {/* expect-error: 'bogus' does not exist */}
    <booking-widget prefill="Ada" /> {/* expect-error: type 'BookingPrefill' */}
    <booking-widget onbw-booked={(event) => event.detail.reference} /> {/* expect-error: 'reference' does not exist on type 'BookedEventDetail' */}
    <booking-button close-label={3} /> {/* expect-error: 'number' is not assignable */}
    {/* Not a type error: TypeScript lets any hyphenated attribute through on a raw tag; the widget warns on the console. */}
    <booking-widget compnay-id="demo-salon" />
  </>
);
