import type { FastifyInstance } from 'fastify';

/**
 * One feature of the server as `buildApp` wires it. A feature's factory (in its `index.ts`) takes what it needs of the
 * shared services (`core.ts`) and the build options; `register` adds its routes and bus subscribers, `close` ends what
 * it started. Adding a feature is one line in `serverFeatures` (app.ts).
 */
export interface Feature {
  /** The feature's folder under `features/`, which serves the contract's route group of the same name. */
  readonly name: string;
  /** Adds the feature's routes to `app` and subscribes its listeners to the bus. */
  register(app: FastifyInstance): void | Promise<void>;
  /** Ends what the feature started (processes, subscriptions, sends in flight); once, after the runs have ended. */
  close?(): void | Promise<void>;
}
