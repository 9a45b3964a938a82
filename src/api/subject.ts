/**
 * What free times are asked for, and what is booked (service contract §5, §7): a service,
 * with one staff member or anyone, or units of a resource for one or more
 * consecutive durations. One type from the wire to the screen.
 */
export type SlotSubject =
  | { kind: 'service'; serviceId: string; staffId?: string | undefined }
  | { kind: 'resource'; resourceId: string; resourceCount?: number | undefined; iterationCount?: number | undefined };

/**
 * Throws a TypeError, before any request, for a subject that is neither (a script's `{ serviceId }` without its
 * `kind` would otherwise be read as a resource). `what`: "Slot queries need", "A booking needs".
 */
export function assertSubject(subject: SlotSubject | undefined, what: string): void {
  const id = subject?.kind === 'service' ? subject.serviceId : subject?.kind === 'resource' ? subject.resourceId : undefined;
  if (typeof id !== 'string' || id === '')
    throw new TypeError(`${what} a subject: { kind: "service", serviceId } or { kind: "resource", resourceId }.`);
}

/** The subject as free-slot query parameters (service contract §5); a count of 1 is the default and left out. */
export function subjectQuery(subject: SlotSubject): Record<string, string | number | undefined> {
  if (subject.kind === 'service') return { serviceId: subject.serviceId, staffId: subject.staffId };
  const more = (count: number | undefined) => (count && count > 1 ? count : undefined);
  return { resourceId: subject.resourceId, resourceCount: more(subject.resourceCount), iterationCount: more(subject.iterationCount) };
}

/** A stable key: two subjects with the same key have the same free times. */
export function subjectKey(subject: SlotSubject): string {
  return JSON.stringify([subject.kind, ...Object.values(subjectQuery(subject))]);
}
