// oidc-provider 9 ships no type declarations and @types/oidc-provider is not installed. This declares
// the small part of its API that the test identity provider in ./oidc.ts uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type UnknownObject = Record<string, unknown>;

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string, claims: UnknownObject, rejected: string[]): Promise<AccountClaims>;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: 'login' | 'consent' | string; reasons: string[]; details: UnknownObject };
    params: UnknownObject & { client_id?: string; scope?: string };
    session?: { accountId?: string; uid: string };
    grantId?: string;
    returnTo: string;
  }

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(ttl?: number): Promise<string>;
  }

  export interface Configuration {
    clients?: UnknownObject[];
    findAccount?: (ctx: unknown, sub: string, token?: unknown) => Promise<Account | undefined>;
    [option: string]: unknown;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    Grant: typeof Grant & { find(id: string): Promise<Grant | undefined> };
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    /** Koa middleware, run around the provider's own routes. */
    use(middleware: (ctx: unknown, next: () => Promise<void>) => Promise<void>): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: UnknownObject,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export default Provider;
}
