/**
 * A prefilled link to the merchant's booking page (docs/widget.md, "Prefilled links"): the
 * choices as `bw_*` parameters, which a widget with `prefill-from-url` reads, and a
 * campaign as `utm_*`, which every widget sends with the booking. No personal data:
 * a link for an ad or a newsletter is the same for everyone who follows it.
 */
export interface LinkChoices {
  /** The merchant's page that holds the widget. */
  page: string;
  serviceId?: string | undefined;
  staffId?: string | undefined;
  resourceId?: string | undefined;
  date?: string | undefined;
  utmSource?: string | undefined;
  utmMedium?: string | undefined;
  utmCampaign?: string | undefined;
}

/** The link, or '' while the page is not an absolute URL. */
export function prefilledLink(choices: LinkChoices): string {
  let url: URL;
  try {
    url = new URL(choices.page);
  } catch {
    return '';
  }
  const params: [string, string | undefined][] = [
    ['bw_service', choices.serviceId],
    ['bw_staff', choices.staffId],
    ['bw_resource', choices.resourceId],
    ['bw_date', choices.date],
    ['utm_source', choices.utmSource],
    ['utm_medium', choices.utmMedium],
    ['utm_campaign', choices.utmCampaign],
  ];
  for (const [name, value] of params) if (value) url.searchParams.set(name, value);
  return url.href;
}
