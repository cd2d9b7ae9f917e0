import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';

/**
 * A local stand-in for the parts of Stripe's API that Connect uses (accounts, account links, login
 * links, transfers) on 127.0.0.1. It behaves as Stripe documents: bearer secret key, form-encoded
 * bodies with nested keys, Stripe's error envelope, and Idempotency-Key (the first answer is replayed
 * for the same parameters; other parameters under the same key are an idempotency_error). Its answers
 * are typed with the SDK's own types so they cannot drift from Stripe's schema.
 */

export interface RecordedStripeRequest {
  method: string;
  /** Without the query string. */
  path: string;
  /** The form exactly as sent, flat keys (`capabilities[transfers][requested]`). */
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  /** The fake replayed a stored answer for this request. */
  replayed: boolean;
}

export interface AccountState {
  detailsSubmitted?: boolean;
  payoutsEnabled?: boolean;
  chargesEnabled?: boolean;
  transfers?: 'active' | 'inactive' | 'pending';
  currentlyDue?: string[];
  pastDue?: string[];
  disabledReason?: Stripe.Account.Requirements.DisabledReason | null;
}

export interface StripeErrorBody {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
  code?: string;
  param?: string;
  message: string;
}

export interface FakeStripeConnectServer {
  /** Spread into the adapter's options: `{ secretKey, ...fake.connection }`. */
  readonly connection: { host: string; port: number; protocol: 'http' };
  /** The only key the fake accepts. */
  readonly secretKey: string;
  readonly requests: RecordedStripeRequest[];
  readonly accounts: Map<string, Stripe.Account>;
  readonly transfers: Stripe.Transfer[];
  /** The platform's available balance in cents; transfers above it fail with balance_insufficient. */
  balanceCents: number;
  /** Creates an account directly, as if made earlier (pending unless the state says otherwise). */
  addAccount(state?: AccountState, email?: string): Stripe.Account;
  setAccountState(accountId: string, state: AccountState): Stripe.Account;
  /** Everything done: details submitted, payouts enabled, transfers active, nothing due. */
  completeOnboarding(accountId: string): Stripe.Account;
  /** The next request answers this status and error instead (e.g. 500 api_error, 429). */
  failNext(status: number, error: StripeErrorBody): void;
  requestsTo(method: string, path: string): RecordedStripeRequest[];
  /** A buyer's PaymentIntent on the platform (what a payout's transfer draws on): charged unless told otherwise. */
  addPaymentIntent(options?: { charged?: boolean }): { id: string; chargeId: string | null };
  close(): Promise<void>;
}

type FormValue = string | FormObject;
interface FormObject {
  [key: string]: FormValue;
}

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    /** Failures found while executing (not while validating) are stored under the idempotency key, as Stripe does. */
    readonly isStored = false,
  ) {
    super(body.message);
  }
}

const invalid = (message: string, param?: string, code?: string, status = 400) =>
  new StripeFailure(status, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });

/** `a[b][c]=1&list[0]=x` → `{ a: { b: { c: '1' } }, list: { 0: 'x' } }`, as Stripe reads form bodies. */
export function parseStripeForm(form: Record<string, string>): FormObject {
  const root: FormObject = {};
  for (const [key, value] of Object.entries(form)) {
    const [head = '', ...rest] = key.split('[');
    const path = [head, ...rest.map((part) => part.replace(/\]$/, ''))];
    let node = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next === 'object') {
        node = next;
      } else {
        const child: FormObject = {};
        node[part] = child;
        node = child;
      }
    });
  }
  return root;
}

function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x').slice(0, 16)}`;
}

const now = () => Math.floor(Date.now() / 1000);

function checkKnownParams(params: FormObject, known: string[]): void {
  const unknown = Object.keys(params).find((key) => !known.includes(key));
  if (unknown) throw invalid(`Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown');
}

function requireString(params: FormObject, name: string): string {
  const value = params[name];
  if (value === undefined || value === '') throw invalid(`Missing required param: ${name}.`, name, 'parameter_missing');
  if (typeof value !== 'string') throw invalid(`Invalid string: ${name}`, name, 'parameter_invalid_string');
  return value;
}

function checkMetadata(params: FormObject): Stripe.Metadata {
  const metadata = params.metadata ?? {};
  if (typeof metadata !== 'object') throw invalid('Invalid object', 'metadata');
  const entries = Object.entries(metadata);
  if (entries.length > 50) throw invalid('Metadata can have at most 50 keys.', 'metadata');
  for (const [key, value] of entries) {
    if (typeof value !== 'string') throw invalid(`Invalid value for metadata[${key}]`, `metadata[${key}]`);
    if (key.length > 40) throw invalid('Metadata keys can be at most 40 characters.', `metadata[${key}]`);
    if (value.length > 500) throw invalid('Metadata values can be at most 500 characters.', `metadata[${key}]`);
  }
  return Object.fromEntries(entries) as Stripe.Metadata;
}

function checkUrl(params: FormObject, name: string): string {
  const value = requireString(params, name);
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) throw invalid('Not a valid URL', name, 'url_invalid');
  return value;
}

/** A new Express account as Stripe makes it: nothing submitted, transfers not yet active. */
const INITIAL_REQUIREMENTS = ['business_type', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'];

export async function startFakeStripeConnectServer(): Promise<FakeStripeConnectServer> {
  const secretKey = 'sk_test_fake_connect_platform';
  const accounts = new Map<string, Stripe.Account>();
  const transfers: Stripe.Transfer[] = [];
  const stored = new Map<string, { method: string; path: string; canonical: string; status: number; body: unknown }>();
  const failures: { status: number; error: StripeErrorBody }[] = [];
  const requests: RecordedStripeRequest[] = [];
  const paymentIntents = new Map<string, { id: string; object: 'payment_intent'; status: string; latest_charge: string | null }>();

  function makeAccount(email: string | null, metadata: Stripe.Metadata): Stripe.Account {
    const account: Stripe.Account = {
      id: stripeId('acct'),
      object: 'account',
      type: 'express',
      country: 'US',
      default_currency: 'usd',
      created: now(),
      email,
      metadata,
      business_profile: null,
      charges_enabled: false,
      details_submitted: false,
      payouts_enabled: false,
      capabilities: { transfers: 'inactive' },
      requirements: {
        alternatives: [],
        current_deadline: null,
        currently_due: [...INITIAL_REQUIREMENTS],
        disabled_reason: 'requirements.past_due',
        errors: [],
        eventually_due: [...INITIAL_REQUIREMENTS],
        past_due: [...INITIAL_REQUIREMENTS],
        pending_verification: [],
      },
    };
    accounts.set(account.id, account);
    return account;
  }

  function applyState(account: Stripe.Account, state: AccountState): Stripe.Account {
    if (state.detailsSubmitted !== undefined) account.details_submitted = state.detailsSubmitted;
    if (state.payoutsEnabled !== undefined) account.payouts_enabled = state.payoutsEnabled;
    if (state.chargesEnabled !== undefined) account.charges_enabled = state.chargesEnabled;
    if (state.transfers !== undefined) account.capabilities = { ...account.capabilities, transfers: state.transfers };
    const requirements = account.requirements;
    if (requirements) {
      if (state.currentlyDue !== undefined) requirements.currently_due = [...state.currentlyDue];
      if (state.pastDue !== undefined) requirements.past_due = [...state.pastDue];
      if (state.disabledReason !== undefined) requirements.disabled_reason = state.disabledReason;
      requirements.eventually_due = [...new Set([...(requirements.currently_due ?? []), ...(requirements.past_due ?? [])])];
    }
    return account;
  }

  function findAccount(accountId: string): Stripe.Account {
    const account = accounts.get(accountId);
    // What Stripe answers a platform key for an account that does not exist (or is not its own).
    if (!account) {
      throw new StripeFailure(403, {
        type: 'invalid_request_error',
        code: 'account_invalid',
        message: `The provided key '${secretKey.slice(0, 8)}${'*'.repeat(12)}' does not have access to account '${accountId}' (or that account does not exist). Application access may have been revoked.`,
      });
    }
    return account;
  }

  function createAccount(params: FormObject): Stripe.Account {
    checkKnownParams(params, ['type', 'country', 'email', 'capabilities', 'metadata', 'business_type', 'expand']);
    if (requireString(params, 'type') !== 'express')
      throw invalid('This platform only creates Express accounts: type must be express.', 'type', 'parameter_invalid');
    if (requireString(params, 'country') !== 'US')
      throw invalid('This platform only creates accounts in the US: country must be US.', 'country', 'parameter_invalid');
    const email = params.email === undefined ? null : requireString(params, 'email');
    if (email !== null && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw invalid('Invalid email address: ' + email, 'email', 'email_invalid');
    const capabilities = params.capabilities;
    const transfers = typeof capabilities === 'object' ? capabilities.transfers : undefined;
    if (typeof transfers !== 'object' || transfers.requested !== 'true') {
      throw invalid(
        'Express accounts must request the transfers capability: capabilities[transfers][requested]=true.',
        'capabilities[transfers][requested]',
        'parameter_missing',
      );
    }
    return makeAccount(email, checkMetadata(params));
  }

  function createAccountLink(params: FormObject): Stripe.AccountLink {
    checkKnownParams(params, ['account', 'type', 'refresh_url', 'return_url', 'collect', 'collection_options', 'expand']);
    const accountId = requireString(params, 'account');
    checkUrl(params, 'refresh_url');
    checkUrl(params, 'return_url');
    if (requireString(params, 'type') !== 'account_onboarding')
      throw invalid('type must be account_onboarding for Express accounts.', 'type', 'parameter_invalid');
    if (!accounts.has(accountId)) throw invalid(`No such account: '${accountId}'`, 'account', 'resource_missing');
    const created = now();
    // Stripe's onboarding links are single-use and short-lived.
    return {
      object: 'account_link',
      created,
      expires_at: created + 300,
      url: `https://connect.stripe.com/setup/e/${accountId}/${randomBytes(9).toString('base64url')}`,
    };
  }

  function createLoginLink(accountId: string, params: FormObject): Stripe.LoginLink {
    checkKnownParams(params, ['expand']);
    const account = findAccount(accountId);
    if (!account.details_submitted) throw invalid('Cannot create a login link for an account that has not completed onboarding.', 'account');
    return { object: 'login_link', created: now(), url: `https://connect.stripe.com/express/${randomBytes(9).toString('base64url')}` };
  }

  function createTransfer(params: FormObject): Stripe.Transfer {
    checkKnownParams(params, ['amount', 'currency', 'destination', 'description', 'transfer_group', 'metadata', 'source_transaction', 'source_type', 'expand']);
    const amountText = requireString(params, 'amount');
    if (!/^[1-9][0-9]*$/.test(amountText)) throw invalid('Invalid positive integer', 'amount', 'parameter_invalid_integer');
    const amount = Number(amountText);
    const currency = requireString(params, 'currency');
    if (currency !== 'usd') throw invalid(`Invalid currency: ${currency}. This platform transfers in usd only.`, 'currency', 'parameter_invalid');
    const destination = requireString(params, 'destination');
    const metadata = checkMetadata(params);
    const description = params.description === undefined ? null : requireString(params, 'description');
    const transferGroup = params.transfer_group === undefined ? null : requireString(params, 'transfer_group');
    const sourceTransaction = params.source_transaction === undefined ? null : requireString(params, 'source_transaction');
    if (sourceTransaction !== null && ![...paymentIntents.values()].some((intent) => intent.latest_charge === sourceTransaction)) {
      throw invalid(`No such charge: '${sourceTransaction}'`, 'source_transaction', 'resource_missing', 404);
    }
    const account = accounts.get(destination);
    if (!account) throw invalid(`No such destination: '${destination}'`, 'destination', 'resource_missing', 404);
    if (account.capabilities?.transfers !== 'active') {
      throw new StripeFailure(
        400,
        {
          type: 'invalid_request_error',
          code: 'insufficient_capabilities_for_transfer',
          param: 'destination',
          message: 'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        },
        true,
      );
    }
    if (amount > fake.balanceCents) {
      throw new StripeFailure(
        400,
        {
          type: 'invalid_request_error',
          code: 'balance_insufficient',
          message:
            'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.',
        },
        true,
      );
    }
    fake.balanceCents -= amount;
    const id = stripeId('tr');
    const transfer: Stripe.Transfer = {
      id,
      object: 'transfer',
      amount,
      amount_reversed: 0,
      balance_transaction: stripeId('txn'),
      created: now(),
      currency,
      description,
      destination,
      destination_payment: stripeId('py'),
      livemode: false,
      metadata,
      reversals: { object: 'list', data: [], has_more: false, url: `/v1/transfers/${id}/reversals` },
      reversed: false,
      source_transaction: sourceTransaction,
      transfer_group: transferGroup,
    };
    transfers.push(transfer);
    return transfer;
  }

  function route(method: string, path: string, params: FormObject): unknown {
    if (method === 'POST' && path === '/v1/accounts') return createAccount(params);
    if (method === 'POST' && path === '/v1/account_links') return createAccountLink(params);
    if (method === 'POST' && path === '/v1/transfers') return createTransfer(params);
    const loginLink = /^\/v1\/accounts\/([^/]+)\/login_links$/.exec(path);
    if (method === 'POST' && loginLink?.[1]) return createLoginLink(decodeURIComponent(loginLink[1]), params);
    const account = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === 'GET' && account?.[1]) return findAccount(decodeURIComponent(account[1]));
    const paymentIntent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && paymentIntent?.[1]) {
      const id = decodeURIComponent(paymentIntent[1]);
      const intent = paymentIntents.get(id);
      if (!intent) throw invalid(`No such payment_intent: '${id}'`, 'intent', 'resource_missing', 404);
      return intent;
    }
    throw invalid(`Unrecognized request URL (${method}: ${path}).`, undefined, undefined, 404);
  }

  function authenticate(authorization: string | undefined): void {
    const match = /^Bearer (.+)$/.exec(authorization ?? '');
    if (!match?.[1]) {
      throw new StripeFailure(401, {
        type: 'invalid_request_error',
        message: 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.',
      });
    }
    if (match[1] !== secretKey || !match[1].startsWith('sk_test_')) {
      throw new StripeFailure(401, {
        type: 'invalid_request_error',
        code: 'api_key_invalid',
        message: `Invalid API Key provided: ${match[1].slice(0, 8)}****`,
      });
    }
  }

  function answer(
    method: string,
    path: string,
    form: Record<string, string>,
    idempotencyKey: string | undefined,
  ): { status: number; body: unknown; replayed: boolean } {
    const failure = failures.shift();
    if (failure) return { status: failure.status, body: { error: failure.error }, replayed: false };
    const canonical = JSON.stringify(Object.entries(form).sort(([a], [b]) => a.localeCompare(b)));
    // Stripe scopes keys to the platform; a key reused on another endpoint or with other parameters is refused.
    const previous = idempotencyKey && method === 'POST' ? stored.get(idempotencyKey) : undefined;
    if (previous && idempotencyKey) {
      if (previous.method !== method || previous.path !== path) {
        return {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${previous.method} ${previous.path}' vs '${method} ${path}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          },
          replayed: false,
        };
      }
      if (previous.canonical !== canonical) {
        return {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          },
          replayed: false,
        };
      }
      return { status: previous.status, body: previous.body, replayed: true };
    }
    let result: { status: number; body: unknown; isStored: boolean };
    try {
      result = { status: 200, body: structuredClone(route(method, path, parseStripeForm(form))), isStored: true };
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      // Stripe saves a result only once the endpoint started executing, never for a validation failure.
      result = { status: error.status, body: { error: error.body }, isStored: error.isStored };
    }
    if (idempotencyKey && method === 'POST' && result.isStored)
      stored.set(idempotencyKey, { method, path, canonical, status: result.status, body: result.body });
    return { status: result.status, body: result.body, replayed: false };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    const [path = '', query = ''] = (request.url ?? '').split('?');
    const method = request.method ?? 'GET';
    const form = Object.fromEntries(new URLSearchParams(method === 'GET' ? query : text));
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const record: RecordedStripeRequest = { method, path, form, idempotencyKey, authorization: request.headers.authorization, replayed: false };
    requests.push(record);
    let result: { status: number; body: unknown; replayed: boolean };
    try {
      authenticate(request.headers.authorization);
      if (method === 'POST' && text !== '' && !String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
        throw invalid('Stripe accepts form-encoded request bodies only (application/x-www-form-urlencoded).');
      }
      result = answer(method, path, form, idempotencyKey);
    } catch (error) {
      if (!(error instanceof StripeFailure)) throw error;
      result = { status: error.status, body: { error: error.body }, replayed: false };
    }
    record.replayed = result.replayed;
    response.writeHead(result.status, {
      'content-type': 'application/json',
      'request-id': `req_fake_${requests.length}`,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      ...(result.replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    response.end(JSON.stringify(result.body));
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: `Fake Stripe failed: ${String(error)}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeStripeConnectServer = {
    connection: { host: '127.0.0.1', port, protocol: 'http' },
    secretKey,
    requests,
    accounts,
    transfers,
    balanceCents: 1_000_000,
    addAccount: (state = {}, email = 'seller@example.com') => applyState(makeAccount(email, {}), state),
    setAccountState: (accountId, state) => {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`Fake Stripe has no account ${accountId}`);
      return applyState(account, state);
    },
    completeOnboarding: (accountId) =>
      fake.setAccountState(accountId, {
        detailsSubmitted: true,
        payoutsEnabled: true,
        chargesEnabled: true,
        transfers: 'active',
        currentlyDue: [],
        pastDue: [],
        disabledReason: null,
      }),
    failNext: (status, error) => failures.push({ status, error }),
    requestsTo: (method, path) => requests.filter((request) => request.method === method && request.path === path),
    addPaymentIntent: ({ charged = true } = {}) => {
      const id = stripeId('pi');
      const chargeId = charged ? stripeId('ch') : null;
      paymentIntents.set(id, { id, object: 'payment_intent', status: charged ? 'succeeded' : 'requires_payment_method', latest_charge: chargeId });
      return { id, chargeId };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
