// How an API module registers itself (docs/decisions/0036-modules-register-themselves.md). Each module
// folder has one `<module>.module.ts` that exports `defineModule({ name, register })`: given the app and
// the boot context, `register` builds the module's services, registers its route plugins under their
// prefixes, subscribes its reactions and onClose hooks, and returns what it publishes to the modules
// registered after it (and to the jobs). app.ts registers the modules from one list, in the order of
// layers.ts, lowest first (security/house-rules-module-order.test.ts).
//
// The context a module is handed is the platform (below), the pieces app.ts builds before any module
// (the authentication plugin needs the auth services), and what the modules before it published. A
// module types what it needs with its own types or those of lower modules; `registerModules` checks at
// compile time that every need is met by something registered earlier, and at run time each module
// sees only what was published before it.
//
// A need that only a module registered later can meet (a higher layer) is a `LatePort`: the lower
// module makes it and publishes it, the higher one fills it when it registers, and the lower module
// reads it at request time. Boot fails if one is left unfilled. They are few and each is written down
// in the decision.

import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import type { CacheBus } from '../lib/cache-bus';
import type { Clock } from '../lib/clock';
import type { DomainEvents } from '../lib/domain-events';
import type { FileStore } from '../providers/files/port';
import type { ModuleName } from './layers';

/** The app a module registers its routes and hooks on: the root instance, with zod schemas. */
export type ModuleApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** What every module may use, built by app.ts before any of them. */
export interface Platform {
  config: Config;
  database: DatabaseHandle;
  /** The file store with signed links for private files (decision 0017): what modules store and link through. */
  files: FileStore;
  /** The file store as the server was handed it (the readiness check pings it). */
  fileStore: FileStore;
  clock: Clock;
  /** Domain events (lib/domain-events.ts): modules publish through it and subscribe their reactions. */
  events: DomainEvents;
  /** Tells the other instances what this one changed (lib/cache-bus.ts). */
  cacheBus: CacheBus;
}

/** The context of a module that needs `Needs` besides the platform. */
export type ModuleContext<Needs extends object = object> = Platform & Needs;

export interface ApiModule<Name extends ModuleName, Context extends Platform, Published extends object> {
  readonly name: Name;
  register(app: ModuleApp, context: Context): Promise<Published>;
}

export function defineModule<const Name extends ModuleName, Context extends Platform, Published extends object>(
  module: ApiModule<Name, Context, Published>,
): ApiModule<Name, Context, Published> {
  return module;
}

/**
 * A value a module needs from a module registered after it (a higher layer, or later in its own). The
 * needing module makes the port and publishes it; the providing module `fill`s it when it registers;
 * the needing module calls `get()` only once requests or events arrive, by when every module has
 * registered. `registerModules` fails the boot if one is still empty.
 */
export class LatePort<Value> implements PortToFill<Value> {
  #value: { set: true; value: Value } | { set: false } = { set: false };

  /** `description` says what it is and who fills it, for the boot's error. */
  constructor(readonly description: string) {}

  get isFilled(): boolean {
    return this.#value.set;
  }

  readonly fill = (value: Value): void => {
    if (this.#value.set) throw new Error(`${this.description}: filled twice`);
    this.#value = { set: true, value };
  };

  get(): Value {
    if (!this.#value.set) throw new Error(`${this.description}: not filled yet (the module that fills it registers later)`);
    return this.#value.value;
  }
}

/** A late port as the module that fills it needs it: a place for a `Value` (what it fills in must fit the port). */
export interface PortToFill<Value> {
  readonly fill: (value: Value) => void;
}

// ── the ordered registration, checked by the compiler ──

// Any module; `never` accepts every context (parameters are contravariant).
type AnyModule = ApiModule<ModuleName, never, object>;

/** The keys of `Needs` that `Have` lacks or has with another type. */
type Unmet<Have, Needs> = {
  [Key in keyof Needs]-?: Key extends keyof Have ? (Have[Key] extends Needs[Key] ? never : Key) : undefined extends Needs[Key] ? never : Key;
}[keyof Needs];

/** `Modules` as given when each one's needs are met by `Have` and what the modules before it publish; else a tuple naming the first unmet need. */
type InOrder<Modules extends readonly unknown[], Have> = Modules extends readonly [infer First, ...infer Rest]
  ? First extends ApiModule<infer Name, infer Needs, infer Published>
    ? [Unmet<Have, Needs>] extends [never]
      ? readonly [First, ...InOrder<Rest, Have & Published>]
      : readonly [`${Name} needs ${Unmet<Have, Needs> & string}, which nothing registered before it publishes`, ...unknown[]]
    : never
  : readonly [];

/** The context after every module of `Modules` has registered. */
type AllPublished<Modules extends readonly unknown[], Have> = Modules extends readonly [infer First, ...infer Rest]
  ? AllPublished<Rest, First extends ApiModule<ModuleName, never, infer Published> ? Have & Published : Have>
  : Have;

/**
 * Registers `modules` in the order given, each with the seed and what the modules before it published,
 * and returns everything published (app.ts hands the jobs their services from it). A name published
 * twice, or a late port left empty, stops the boot.
 */
export async function registerModules<Seed extends Platform, const Modules extends readonly AnyModule[]>(
  app: ModuleApp,
  seed: Seed,
  modules: Modules & InOrder<Modules, Seed>,
): Promise<AllPublished<Modules, Seed>> {
  const context: Record<string, unknown> = { ...(seed as Record<string, unknown>) };
  const publisherOf = new Map<string, string>(Object.keys(seed).map((key) => [key, 'app.ts']));
  for (const module of modules as readonly AnyModule[]) {
    const published = await module.register(app, { ...context } as never);
    for (const [key, value] of Object.entries(published)) {
      const earlier = publisherOf.get(key);
      if (earlier) throw new Error(`Module ${module.name} publishes ${key}, which ${earlier} already did`);
      publisherOf.set(key, module.name);
      context[key] = value;
    }
  }
  const empty = Object.values(context).filter((value): value is LatePort<unknown> => value instanceof LatePort && !value.isFilled);
  if (empty.length > 0) throw new Error(`No module filled these ports: ${empty.map((port) => port.description).join('; ')}`);
  return context as AllPublished<Modules, Seed>;
}
