/** Absolute URLs for `selfLink` fields, on the address and API version the request used. */
export interface Links {
  /** `{origin}/api/{version}/scheduling/companies/{companyId}` */
  company(companyId: string): string;
  /** `{origin}/api/2.0/clients` */
  clients: string;
}

export function linksFor(request: Request): Links {
  const url = new URL(request.url);
  const version = /^\/api\/(2\.[01])\//.exec(url.pathname)?.[1] ?? '2.1';
  return {
    company: (companyId) => `${url.origin}/api/${version}/scheduling/companies/${encodeURIComponent(companyId)}`,
    clients: `${url.origin}/api/2.0/clients`,
  };
}
