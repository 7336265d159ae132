import type { ErrorObject } from 'ajv';
import { validationBody } from './errors.ts';

function ajvError(partial: Partial<ErrorObject> & Pick<ErrorObject, 'keyword'>): ErrorObject {
  return { instancePath: '', schemaPath: '#', params: {}, ...partial } as ErrorObject;
}

describe('validationBody', () => {
  it('names the query or body field, as DRF does', () => {
    expect(
      validationBody([
        ajvError({
          keyword: 'minimum',
          instancePath: '/page',
          params: { comparison: '>=', limit: 1 },
        }),
      ]),
    ).toEqual({ page: ['Ensure this value is greater than or equal to 1.'] });
    expect(
      validationBody([
        ajvError({ keyword: 'type', instancePath: '/page', params: { type: 'integer' } }),
      ]),
    ).toEqual({
      page: ['A valid integer is required.'],
    });
  });

  it('reports a missing field under its own name', () => {
    expect(
      validationBody([
        ajvError({ keyword: 'required', params: { missingProperty: 'email' } }),
        ajvError({ keyword: 'required', params: { missingProperty: 'password' } }),
      ]),
    ).toEqual({ email: ['This field is required.'], password: ['This field is required.'] });
  });

  it('joins nested paths with dots', () => {
    expect(
      validationBody([
        ajvError({
          keyword: 'required',
          instancePath: '/delivery_address',
          params: { missingProperty: 'city' },
        }),
      ]),
    ).toEqual({ 'delivery_address.city': ['This field is required.'] });
  });

  it('falls back to a detail when no field applies', () => {
    expect(validationBody([ajvError({ keyword: 'type', params: { type: 'object' } })])).toEqual({
      detail: 'Invalid data. Expected a JSON object.',
    });
  });
});

describe('error handler', () => {
  it('hides unexpected errors behind a 500 detail and answers unknown routes with 404', async () => {
    const { default: Fastify } = await import('fastify');
    const { errors } = await import('./errors.ts');
    const app = Fastify({ logger: false });
    await app.register(errors);
    app.get('/boom', async () => {
      throw new Error('secret connection string in a stack');
    });
    const boom = await app.inject({ url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ detail: 'Internal server error.' });
    expect(boom.body).not.toContain('secret');
    const missing = await app.inject({ url: '/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });
    await app.close();
  });
});
