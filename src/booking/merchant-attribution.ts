/**
 * The merchant's own `attribution` (service contract §15), kept to what the proxy lets
 * through: its own chunk, since most pages give none (attribution.ts asks for it then).
 */
import { type Attribution, attributionProblem } from 'booking-widget-shared/attribution';

/** The keys of `given` that keep to §15; each one left out, and a `given` that is not an object, is said through `warn`. */
export function merchantAttribution(given: unknown, warn: (message: string) => void): Attribution {
  const merchant: Attribution = {};
  const record = typeof given === 'object' && given !== null && !Array.isArray(given) ? (given as Record<string, unknown>) : {};
  if (record !== given) warn('attribution must be an object of strings; it is ignored.');
  for (const [key, given] of Object.entries(record)) {
    // An empty value says nothing (`params.get('utm_source') ?? ''`): as if absent, so that the page's campaign still counts.
    if (given === '') continue;
    // The landing page as the widget sends its own (`location.href` is what most pages keep): without query and fragment.
    const value = key === 'landingPage' && typeof given === 'string' ? given.replace(/[?#][^]*$/, '') : given;
    const problem = attributionProblem({ [key]: value }, 'attribution');
    if (problem) warn(`${problem.message} It is left out of the booking.`);
    else merchant[key as keyof Attribution] = value as string;
  }
  return merchant;
}
