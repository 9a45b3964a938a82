export { createSandbox } from './create-sandbox.js';
export { SANDBOX_CREDENTIALS, type SandboxCredentials } from './credentials.js';
export type { ForcedFailure, SandboxOptions, SandboxPersistence } from './options.js';
export type { SandboxSnapshot } from './store/snapshot.js';
export { buildLargeCompany, type LargeCompany, type LargeCompanyOptions } from './large-company.js';
