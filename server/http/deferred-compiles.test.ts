import Fastify from 'fastify';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import { DeferredCompiles, deferredSerializerFactory } from './deferred-compiles.ts';
import { createValidatorCompiler } from './validator-compiler.ts';

const apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** An app with one route whose body and answer have schemas, its compilations counted. */
async function appWithOneRoute(bodySchema: object = { type: 'object', required: ['name'] }) {
  const deferred = new DeferredCompiles();
  let serializersCompiled = 0;
  const counting: ReturnType<typeof SerializerSelector> = (externalSchemas, options) => {
    const compile = SerializerSelector()(externalSchemas, options);
    return (route) => {
      serializersCompiled++;
      return compile(route);
    };
  };
  const app = Fastify({
    schemaController: {
      compilersFactory: { buildSerializer: deferredSerializerFactory(deferred, counting) },
    },
  });
  apps.push(app);
  app.setValidatorCompiler(createValidatorCompiler(deferred));
  app.post(
    '/things',
    {
      schema: {
        body: bodySchema,
        response: {
          200: { type: 'object', properties: { name: { type: 'string' } } },
        },
      },
    },
    async (request) => ({ ...(request.body as object), secret: 'kept out of the answer' }),
  );
  await app.ready();
  return { app, deferred, serializersCompiled: () => serializersCompiled };
}

describe('schemas compiled on first use', () => {
  it('compiles nothing at start, then each schema once, on its route first request', async () => {
    const { app, deferred, serializersCompiled } = await appWithOneRoute();
    expect(deferred.pendingCount).toBe(2);
    expect(serializersCompiled()).toBe(0);

    const refused = await app.inject({ method: 'POST', url: '/things', payload: {} });
    expect(refused.statusCode).toBe(400);
    expect(deferred.pendingCount).toBe(1);

    for (let round = 0; round < 2; round++) {
      const answered = await app.inject({ method: 'POST', url: '/things', payload: { name: 'x' } });
      // The answer is still written from its schema: a field the schema lacks stays out.
      expect(answered.json()).toEqual({ name: 'x' });
    }
    expect(serializersCompiled()).toBe(1);
    expect(deferred.pendingCount).toBe(0);
  });

  it('compileAll compiles what is pending, and names a schema that cannot compile', async () => {
    const good = await appWithOneRoute();
    good.deferred.compileAll();
    expect(good.deferred.pendingCount).toBe(0);
    expect(good.serializersCompiled()).toBe(1);

    const broken = await appWithOneRoute({
      type: 'object',
      properties: { a: { type: 'nonsense' } },
    });
    expect(() => broken.deferred.compileAll()).toThrow(/nonsense|type/);
  });

  it('a compilation that throws is tried again on the next call', () => {
    const deferred = new DeferredCompiles();
    let calls = 0;
    const value = deferred.defer(() => {
      if (++calls === 1) throw new Error('not yet');
      return 42;
    });
    expect(calls).toBe(0);
    expect(value).toThrow('not yet');
    expect(value()).toBe(42);
    expect(value()).toBe(42);
    expect(calls).toBe(2);
  });

  it('every schema of the contract compiles', async () => {
    const t = await createTestApp({}, { compileSchemasAtStart: true });
    apps.push(t);
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/products/products/?page_size=1e309',
      headers: { 'x-tenant-token': 'demo-handcraft' },
    });
    expect(answer.statusCode).toBe(400);
  });
});
