import { Hono } from 'hono';
import type { Form } from 'booking-widget-shared/form-types';
import { notFound } from '../http/api-error.js';
import type { SandboxEnv } from '../http/env.js';
import { liveCompany } from '../http/company.js';
import { QueryReader } from '../http/query.js';
import type { CompanyRow, FormRow } from '../store/rows.js';
import type { Store } from '../store/store.js';

const toWire = ({ accountId: _account, ...form }: FormRow): Form => form;

/**
 * Whether the form applies somewhere in `company`: the company itself, every
 * location, or one of its services or resources. The contract says "name that
 * company"; a service's form is a form of its company, or the widget could not
 * find the form of a service with one request.
 */
function appliesTo(form: Form, company: CompanyRow): boolean {
  return (form.objects ?? []).some(({ type, id = '' }) => {
    if (type === 'allLocations') return true;
    if (type === 'location') return id === company.record.id;
    return type === 'service' ? company.services.has(id) : company.resources.has(id);
  });
}

/** `GET /forms[?companyId=]` and `GET /forms/{formId}` (service contract §11), served under 2.3 and 2.0. */
export function formRoutes(store: Store): Hono<SandboxEnv> {
  const router = new Hono<SandboxEnv>();
  const formsOf = (accountId: string) => [...store.state.forms.values()].filter((form) => form.accountId === accountId);

  router.get('/forms', (c) => {
    const companyId = QueryReader.of(c.req.url).string('companyId');
    const company = companyId === undefined ? undefined : liveCompany(store, c.var.accountId, companyId);
    const forms = formsOf(c.var.accountId).filter((form) => !company || appliesTo(form, company));
    return c.json({ items: forms.map(toWire) });
  });

  router.get('/forms/:formId', (c) => {
    const form = formsOf(c.var.accountId).find((row) => row.id === c.req.param('formId'));
    if (!form) throw notFound(`No form "${c.req.param('formId')}".`);
    return c.json(toWire(form));
  });
  return router;
}
