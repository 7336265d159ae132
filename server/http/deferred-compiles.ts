/**
 * Request validators and response serializers compiled on a route's first use instead of at
 * start (decision 015, "Memory at rest").
 *
 * Fastify compiles every route's schemas when the app starts: for this contract that is about
 * 200 Ajv validators and fast-json-stringify serializers, each a generated function whose
 * source and bytecode V8 keeps for the life of the process (4 MB resident in all). A shop
 * answers a handful of its operations most of the time; the others (payments, account changes,
 * the provider notifications) need their code only when they are called. Compiling one costs a
 * few milliseconds on its route's first request.
 *
 * What a start used to prove, that every schema of the contract compiles, `compileAll()` still
 * proves: `buildApp({ compileSchemasAtStart: true })` runs it before answering (a test does).
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

/** fast-json-stringify's serializer factory, as Fastify's `schemaController` takes it. */
type SerializerFactory = ReturnType<typeof SerializerSelector>;

/** The compilations put off until their first use, and a way to run every one still pending. */
export class DeferredCompiles {
  private readonly pending = new Set<() => unknown>();

  /**
   * Puts `compile` off: the returned function compiles on its first call and returns the same
   * result on every call after it. An error thrown by `compile` reaches the caller, and the
   * next call tries again.
   */
  defer<T>(compile: () => T): () => T {
    let compiled: { value: T } | undefined;
    const force = (): T => {
      if (compiled === undefined) {
        compiled = { value: compile() };
        this.pending.delete(force);
      }
      return compiled.value;
    };
    this.pending.add(force);
    return force;
  }

  /** How many compilations are still put off. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /**
   * Compiles everything still put off.
   * @throws the first error a compilation throws (Ajv's or fast-json-stringify's, for a schema
   * they cannot compile).
   */
  compileAll(): void {
    for (const force of [...this.pending]) force();
  }
}

/**
 * Fastify's `schemaController.compilersFactory.buildSerializer`: fast-json-stringify, as Fastify
 * uses by default (with the app's shared schemas and serializer options), each route's
 * serializer compiled on its first answer through `deferred`.
 */
export function deferredSerializerFactory(
  deferred: DeferredCompiles,
  factory: SerializerFactory = SerializerSelector(),
): SerializerFactory {
  return (externalSchemas, options) => {
    const compile = factory(externalSchemas, options);
    return (route) => {
      const serializer = deferred.defer(() => compile(route));
      return (payload) => serializer()(payload);
    };
  };
}
