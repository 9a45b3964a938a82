/**
 * The fixed credentials of the sandbox's one account. They are printed by the CLI
 * and written in docs/sandbox.md: a local development tool has nothing to hide.
 */
export const SANDBOX_CREDENTIALS = {
  /** Partner scheme: the `apiKey` header (or query parameter). */
  apiKey: 'sandbox-api-key',
  /** Partner scheme: the `token` header (or query parameter). */
  token: 'sandbox-token',
  /** The registered OAuth application. */
  oauth: {
    clientId: 'sandbox-client',
    clientSecret: 'sandbox-secret',
    /**
     * The one registered redirect URI. The sandbox itself answers it (it shows the
     * code as JSON) when it runs on the default address.
     */
    redirectUri: 'http://127.0.0.1:8787/oauth/callback',
  },
} as const;
export type SandboxCredentials = typeof SANDBOX_CREDENTIALS;

/** The account every seed company belongs to. */
export const SANDBOX_ACCOUNT = 'sandbox';
