import type { CompanyRow } from '../store/rows.js';

/** What the middleware hands on to the routes. */
export interface SandboxEnv {
  Variables: {
    /** The authenticated account. */
    accountId: string;
    /** The request body as text (methods with a body), read once within the size limit. */
    rawBody: string | undefined;
    /** The company of a `/companies/{companyId}/…` path. */
    company: CompanyRow;
  };
}
