/**
 * What a visitor hears, and where focus goes, when the times of the day they look at change
 * under them (#24 point 6): another visitor holds one on another page (the proxy's hold
 * route, as a second page would), and gives it back. Said once, politely and briefly; never
 * on the first times or a day the visitor chose; focus never falls to the page.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { SlotSelectEvent } from '../../../src/index.js';
import { en } from '../../../src/i18n/catalogs/en.js';
import { liveEn } from '../../../src/i18n/catalogs/live/en.js';
import { SUPPORTED_LANGUAGES, loadMessages } from '../../../src/i18n/index.js';
import { createLocalizer } from '../../../src/i18n/localizer.js';
import { describeChange } from '../../../src/components/booking-widget/time-changes.js';
import { plural } from '../../../src/i18n/plural.js';
import { deepActiveElement, findByRole, nameOf, queryAllByRole, waitFor } from '../support/dom.js';
import { describeFocus, focusIs, watchFocus } from '../support/focus.js';
import { startServices } from '../support/services.js';
import { mountWidget, recordPolite, nextEvent, timeButtons, timeLabels, timesOfADayWith, waitForTimes } from '../support/widget.js';

/**
 * A sports massage with Tom Fischer at the clinic: an hour, and its times step by the hour, so a time
 * held is one time gone (a salon's quarter-hour steps would take its neighbours too).
 */
const COMPANY = 'demo-clinic';
const SUBJECT = { serviceId: '2103', staffId: '3102' };
/** A remedial massage: an hour and a half, so it takes two of the hour's times. */
const LONGER = { serviceId: '2104', minutes: 90 };
const holds = (company: string) => `/proxy/companies/${company}/holds`;

/** What was said of times changing (the day's "N times available" aside). */
const aboutChanges = (heard: readonly string[]) => heard.filter((text) => /no longer available|new times? (is|are) available/i.test(text));

/** Every EventSource the page opens from now on: a hold made before the widget listens would go unheard, by it and by the test. */
function watchLiveChannels() {
  const Original = window.EventSource;
  const opened: EventSource[] = [];
  window.EventSource = class extends Original {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      opened.push(this);
    }
  };
  after(() => (window.EventSource = Original));
  return () => waitFor(() => opened.some((source) => source.readyState === Original.OPEN), "the widget's live channel, open");
}

/** The day's free times as the proxy offers them, by the label the widget gives them (its display zone is the company's). */
async function wireTimes(apiBase: string, day: string): Promise<Map<string, string>> {
  const query = new URLSearchParams({ startDate: day, endDate: day, ...SUBJECT });
  const answer = (await (await fetch(`${apiBase}/api/2.0/scheduling/companies/${COMPANY}/widget/freeSlots?${query}`)).json()) as {
    items: { slots: string[] }[];
  };
  const label = (dateTime: string) =>
    new Date(`${dateTime}Z`).toLocaleTimeString('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).replace(/\s/g, ' ');
  return new Map(answer.items.flatMap((item) => item.slots.map((slot) => [label(slot), slot] as const)));
}

interface Elsewhere {
  company: string;
  serviceId: string;
  staffId?: string;
  /** Company zone. */
  dateTime: string;
  timeZone: string;
  minutes: number;
}

/** Another visitor holds `dateTime` for `minutes` of `serviceId` (with `staffId`); answers the hold's token. */
async function holdElsewhere(apiBase: string, { company, serviceId, staffId, dateTime, timeZone, minutes }: Elsewhere): Promise<string> {
  const end = new Date(Date.parse(`${dateTime}Z`) + minutes * 60_000).toISOString().slice(0, 19);
  const answer = await fetch(apiBase + holds(company), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      service: { id: serviceId },
      ...(staffId && { staff: { id: staffId } }),
      start: { dateTime, timeZone },
      end: { dateTime: end, timeZone },
    }),
  });
  expect(answer.status).to.equal(201, `the hold of ${dateTime} elsewhere`);
  return ((await answer.json()) as { token: string }).token;
}

async function releaseElsewhere(apiBase: string, token: string) {
  const answer = await fetch(`${apiBase}${holds(COMPANY)}/release`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(answer.status).to.equal(204);
}

/** The widget on the times of a day with at least `count` of them, listening live, with the first chosen: its day, zone and wire times. */
async function onADayWith(count: number) {
  const liveOpen = watchLiveChannels();
  const services = await startServices();
  const widget = await mountWidget({ apiBase: services.apiBase, companyId: COMPANY, ...SUBJECT });
  const heard = recordPolite(widget);
  const times = await timesOfADayWith(widget, count);
  const selected = nextEvent(widget, 'bw-slot-select');
  times[0]!.click();
  const { startInCompanyZone } = ((await selected) as SlotSelectEvent).detail;
  const wire = await wireTimes(services.apiBase, startInCompanyZone.dateTime.slice(0, 10));
  await liveOpen();
  const hold = (label: string, serviceId = SUBJECT.serviceId, minutes = 60) =>
    holdElsewhere(services.apiBase, {
      company: COMPANY,
      serviceId,
      staffId: SUBJECT.staffId,
      dateTime: wire.get(label)!,
      timeZone: startInCompanyZone.timeZone,
      minutes,
    });
  return { services, widget, heard, hold, labels: timeLabels(widget) };
}

describe('booking-widget: times that change under the visitor', () => {
  it('says once, politely, that a time held elsewhere is gone, moves focus from it to the next time, and says when it is back', async () => {
    const { services, widget, heard, hold, labels } = await onADayWith(3);
    const [, gone, next] = labels;
    // The keyboard on the second time, as a visitor about to choose it.
    timeButtons(widget)[0]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await focusIs('button', gone!);
    // The first times and the days chosen on the way here were no news.
    expect(aboutChanges(heard)).to.deep.equal([]);

    const falls = watchFocus();
    const token = await hold(gone!);
    await waitFor(() => !timeLabels(widget).includes(gone!), `${gone} gone from the times`);
    await focusIs('button', next!);
    await waitFor(() => aboutChanges(heard).length, 'what the visitor hears of it');
    expect(aboutChanges(heard)).to.deep.equal([liveEn.timeGone(gone!)]);
    await expect(widget).to.be.accessible();

    await releaseElsewhere(services.apiBase, token);
    await waitFor(() => timeLabels(widget).includes(gone!), `${gone} back`);
    await waitFor(
      () => aboutChanges(heard).length === 2,
      () => `the time back, heard (heard: ${heard.join(' | ')})`,
    );
    // Each change once, and focus stayed on the time the visitor was on.
    expect(aboutChanges(heard)).to.deep.equal([liveEn.timeGone(gone!), liveEn.timeAdded(gone!)]);
    expect(describeFocus(deepActiveElement())).to.equal(`button "${next}"`);
    expect(falls.stop()).to.deep.equal([]);
  });

  it('a chosen time held elsewhere is no longer chosen: the step says so, Continue goes, and focus stays on the times', async () => {
    const { widget, heard, hold, labels } = await onADayWith(3);
    const [chosen, next] = labels;
    const continueButton = () => queryAllByRole(widget, 'button').find((button) => nameOf(button) === 'Continue');
    await waitFor(() => continueButton(), 'Continue, for the time chosen');
    // The visitor is on Continue, about to go on with the time chosen.
    continueButton()!.focus();
    const falls = watchFocus();
    await hold(chosen!);
    await waitFor(() => !timeLabels(widget).includes(chosen!), `${chosen} gone from the times`);
    await findByRole(widget, 'alert', en.slotTaken);
    expect(continueButton(), 'no Continue without a time').to.equal(undefined);
    expect(timeButtons(widget).filter((button) => button.getAttribute('aria-pressed') === 'true')).to.deep.equal([]);
    await focusIs('button', next!);
    expect(falls.stop()).to.deep.equal([]);
    await waitFor(() => aboutChanges(heard).length, 'what the visitor hears of it');
    expect(aboutChanges(heard)).to.deep.equal([liveEn.timeGone(chosen!)]);
    // Another time chosen: the notice goes, Continue is back.
    timeButtons(widget)[0]!.click();
    await waitFor(() => continueButton(), 'Continue, for the new time');
    expect(queryAllByRole(widget, 'alert').map(nameOf)).to.deep.equal([]);
  });

  it('counts the times when several go at once, and says nothing of a change that leaves the day as it was', async () => {
    const { widget, heard, hold, labels } = await onADayWith(6);
    // A remedial massage held at the first time takes the next hour's sports massage too.
    await hold(labels[0]!, LONGER.serviceId, LONGER.minutes);
    await waitFor(() => timeLabels(widget).length < labels.length, 'the held hour gone from the times');
    const gone = labels.filter((label) => !timeLabels(widget).includes(label));
    expect(gone.length).to.be.at.least(2);
    await waitFor(() => aboutChanges(heard).length, 'what the visitor hears of it');
    expect(aboutChanges(heard)).to.deep.equal([plural('en-US', liveEn.timesGone, gone.length)]);
    // Another change is another sentence, said once too.
    const last = timeLabels(widget).at(-1)!;
    const before = heard.length;
    await hold(last);
    await waitFor(() => !timeLabels(widget).includes(last), `${last} gone too`);
    await waitFor(() => aboutChanges(heard.slice(before)).length, 'the second change heard');
    expect(aboutChanges(heard.slice(before))).to.deep.equal([liveEn.timeGone(last)]);
  });

  // A desk in Reykjavik (UTC all year) with one hour a day, so a day, or a month, can lose its only time.
  const DESK = 'one-hour-desk';
  const ZONE = 'Atlantic/Reykjavik';
  const cases = [
    {
      what: "the day's last time: focus on the day's 'no times' message",
      // Tuesday 3 November 2026, the desk open 09:00–10:00 every day.
      now: '2026-11-03T00:00:00Z',
      days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
      message: en.noTimesOnDay,
    },
    {
      what: "the month's last time: focus on the month's 'no times' message",
      // Monday 30 November 2026, the desk open on Mondays only: the month's last free time is that morning.
      now: '2026-11-30T00:00:00Z',
      days: ['monday'],
      message: en.noTimesOnDayNorMonth,
    },
  ];
  for (const { what, now, days, message } of cases)
    it(`moves focus off ${what}, never to the page`, async () => {
      const liveOpen = watchLiveChannels();
      const services = await startServices({ now, companies: [DESK] });
      const company = await services.post('/api/2.1/scheduling/companies', {
        name: 'One-hour desk',
        externalId: DESK,
        timeZone: ZONE,
        scheduledItems: 'service',
        workingHours: days.map((day) => ({ day, hours: [{ start: '09:00', end: '10:00' }] })),
        slotInterval: 60,
        minimumNoticeMinutes: 0,
      });
      const staff = await services.post<{ id: string }>(`/api/2.1/scheduling/companies/${DESK}/staff`, {
        firstName: 'Sól',
        lastName: 'Jónsdóttir',
      });
      const service = await services.post<{ id: string }>(`/api/2.1/scheduling/companies/${DESK}/services`, {
        name: 'An hour',
        duration: 60,
        staff: [{ id: staff.body.id }],
      });
      expect([company, staff, service].every(({ status }) => status < 300)).to.equal(true, 'the desk created');
      const serviceId = service.body.id;
      const widget = await mountWidget({ apiBase: services.apiBase, companyId: DESK, serviceId, now });
      const heard = recordPolite(widget);
      const [only] = await waitForTimes(widget);
      expect(timeLabels(widget)).to.deep.equal(['9:00 AM']);
      await liveOpen();
      only!.focus();
      const falls = watchFocus();
      await holdElsewhere(services.apiBase, {
        company: DESK,
        serviceId,
        dateTime: `${now.slice(0, 10)}T09:00:00`,
        timeZone: ZONE,
        minutes: 60,
      });
      await waitFor(
        () => deepActiveElement()?.textContent?.trim() === message,
        () => `focus on "${message}" (it is on ${describeFocus()})`,
      );
      expect(falls.stop()).to.deep.equal([]);
      await waitFor(() => aboutChanges(heard).length, 'what the visitor hears of it');
      expect(aboutChanges(heard)).to.deep.equal([liveEn.timeGone('9:00 AM')]);
      await expect(widget).to.be.accessible();
    });

  it('says it in each of the 12 languages, from their own catalogs', async () => {
    const nine = new Date('2026-11-03T09:00:00Z');
    const times = [9, 10, 11].map((hour) => new Date(`2026-11-03T${hour}:00:00Z`));
    const english = new Set<string>();
    for (const language of SUPPORTED_LANGUAGES) {
      const localizer = createLocalizer(language, await loadMessages(language));
      const said = await Promise.all([
        describeChange(localizer, { gone: [nine], added: [] }, 'UTC'),
        describeChange(localizer, { gone: times, added: [] }, 'UTC'),
        describeChange(localizer, { gone: [], added: [nine] }, 'UTC'),
        describeChange(localizer, { gone: [], added: times }, 'UTC'),
      ]);
      // The time as the step shows it in that language, the count in its digits; no English outside English.
      expect(said[0]).to.contain(localizer.time(nine, 'UTC'));
      expect(said[2]).to.contain(localizer.time(nine, 'UTC'));
      expect(said[1]).to.contain(localizer.number(3));
      expect(said[3]).to.contain(localizer.number(3));
      for (const sentence of said) {
        expect(sentence, language).not.to.match(/#|\{/);
        if (language === 'en') english.add(sentence);
        else expect(english.has(sentence), `${language}: ${sentence}`).to.equal(false);
      }
      // Both at once: one message.
      expect(await describeChange(localizer, { gone: [nine], added: [times[2]!] }, 'UTC')).to.equal(
        `${said[0]} ${await describeChange(localizer, { gone: [], added: [times[2]!] }, 'UTC')}`,
      );
    }
  });
});
