/**
 * Which changes to the real contract (OpenAPI 3.1) `npm run contract:diff` calls breaking for a
 * generated client: api-smart-diff's classification with contract-diff-classify.ts's fixes.
 */
import { compareContracts } from './contract-diff.ts';
import { changed, contract, property, schema, type Contract } from './contract-diff-fixture.ts';

describe('the breaking changes of a generated client, on the storefront contract', () => {
  /** The changes as `group where description`, for one edit. */
  const classify = (edit: (doc: Contract) => void) =>
    compareContracts(contract, changed(edit)).changes.map(
      (c) => `${c.group}  ${c.where}  ${c.description}`,
    );

  it('a removed operation breaks; an added one does not', () => {
    expect(
      classify((doc) => {
        delete doc.paths['/accounts/login/']!.post;
        doc.paths['/accounts/ping/'] = {
          get: { operationId: 'ping', responses: { '204': { description: 'Alive.' } } },
        };
      }),
    ).toEqual([
      'breaking  POST /accounts/login/  operation removed',
      'non-breaking  GET /accounts/ping/  operation added',
    ]);
  });

  it('a new required request field breaks; a new optional one does not', () => {
    expect(
      classify((doc) => {
        const update = schema(doc, 'CartItemUpdate');
        update.properties!.note = { type: 'string' };
        update.required = [...(update.required ?? []), 'note'];
      }),
    ).toEqual([
      'breaking  PATCH /orders/cart/items/{id}/  request body: required field `note` added',
    ]);
    expect(
      classify((doc) => {
        schema(doc, 'CartItemUpdate').properties!.note = { type: 'string' };
      }),
    ).toEqual(['non-breaking  PATCH /orders/cart/items/{id}/  request body: field `note` added']);
  });

  it('an enum narrowed where the client sends it breaks, and widened where it reads it', () => {
    expect(
      classify((doc) => {
        schema(doc, 'ProductOrdering').enum = ['price', '-price', '-created_at', '-average_rating'];
      }),
    ).toEqual([
      'breaking  GET /products/products/  query parameter `ordering`: enum value "name" removed',
    ]);
    const paymentMethods = classify((doc) => {
      schema(doc, 'PaymentMethod').enum = ['card_2c2p', 'bank_transfer'];
    });
    expect(paymentMethods).toContain(
      'breaking  POST /orders/orders/  request body: `payment_method`: enum value "custom" removed',
    );
    // The same schema in the order the client reads: fewer values never surprise it.
    expect(paymentMethods).toContain(
      'non-breaking  GET /orders/orders/{id}/  response 200: `payment_method`: enum value "custom" removed',
    );
    expect(
      classify((doc) => {
        schema(doc, 'OrderStatus').enum!.push('returned');
      }),
    ).toContain(
      'breaking  GET /orders/orders/{id}/  response 200: `status`: enum value "returned" added',
    );
  });

  it("reads OpenAPI 3.1's type lists: a response may narrow, a request may widen", () => {
    expect(
      classify((doc) => {
        property(doc, 'Category', 'name').type = ['string', 'null'];
        property(doc, 'SiteSettings', 'logo').type = 'string';
        property(doc, 'ShippingChoice', 'method').type = ['string', 'null'];
        property(doc, 'CommentCreate', 'parent').type = 'integer';
        property(doc, 'Category', 'id').type = 'string';
      }),
    ).toEqual([
      'breaking  GET /products/categories/  response 200: `[].id`: type integer -> string',
      'breaking  GET /products/categories/  response 200: `[].name`: type string -> string | null',
      'breaking  GET /products/categories/{slug}/  response 200: `id`: type integer -> string',
      'breaking  GET /products/categories/{slug}/  response 200: `name`: type string -> string | null',
      'breaking  POST /blog/comments/  request body: `parent`: type integer | null -> integer',
      'non-breaking  GET /pages/site-settings/  response 200: `logo`: type string | null -> string',
      'non-breaking  POST /orders/cart/shipping-quote/  request body: `choices[].method`: type string -> string | null',
      'non-breaking  POST /orders/orders/  request body: `shipping[].method`: type string -> string | null',
    ]);
  });

  it('a response that may now be null through oneOf breaks; one that no longer may does not', () => {
    const nullable = (doc: Contract) => property(doc, 'Product', 'price_before_discount');
    expect(
      classify((doc) => {
        (nullable(doc).oneOf as unknown[]).pop();
      }),
    ).toContain(
      'non-breaking  GET /products/products/{slug}/  response 200: `price_before_discount`: oneOf option 2 removed',
    );
    expect(
      classify((doc) => {
        property(doc, 'Product', 'name').oneOf = [{ type: 'string' }, { type: 'null' }];
        delete property(doc, 'Product', 'name').type;
      }).filter((line) => line.includes('GET /products/products/{slug}/')),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/^breaking .*`name`/)]));
  });

  it('a changed response format, a removed or moved status code break', () => {
    expect(
      classify((doc) => {
        property(doc, 'AgeAttestation', 'confirmed_at').format = 'date';
      }),
    ).toContain(
      'breaking  GET /orders/orders/{id}/  response 200: `age_attestation.confirmed_at`: format "date-time" -> "date"',
    );
    expect(
      classify((doc) => {
        const responses = doc.paths['/accounts/login/']!.post!.responses as Record<string, unknown>;
        responses['201'] = responses['200'];
        delete responses['200'];
      }),
    ).toEqual([
      'breaking  POST /accounts/login/  response 200 removed',
      'non-breaking  POST /accounts/login/  response 201 added',
    ]);
  });

  it('a new required parameter breaks, even as the first of its operation; an optional one does not', () => {
    const lang = (required: boolean) => ({
      name: 'lang',
      in: 'query',
      required,
      schema: { type: 'string' },
    });
    expect(
      classify((doc) => {
        doc.paths['/products/categories/']!.get!.parameters = [lang(true)];
        doc.paths['/products/products/']!.get!.parameters!.push(lang(true));
        doc.paths['/blog/posts/']!.get!.parameters!.push(lang(false));
      }),
    ).toEqual([
      'breaking  GET /products/categories/  required query parameter `lang` added',
      'breaking  GET /products/products/  required query parameter `lang` added',
      'non-breaking  GET /blog/posts/  query parameter `lang` added',
    ]);
  });

  it('a removed parameter, or a renamed path parameter, breaks', () => {
    expect(
      classify((doc) => {
        doc.paths['/products/products/']!.get!.parameters!.shift();
      }),
    ).toEqual(['breaking  GET /products/products/  query parameter `is_active` removed']);
    expect(
      classify((doc) => {
        doc.paths['/products/categories/{key}/'] = doc.paths['/products/categories/{slug}/']!;
        delete doc.paths['/products/categories/{slug}/'];
      }),
    ).toEqual([
      'breaking  /products/categories/{slug}/  path renamed to /products/categories/{key}/',
    ]);
  });

  it('an operation that newly needs a login breaks, and so does a renamed tenant header', () => {
    expect(
      classify((doc) => {
        doc.paths['/products/categories/']!.get!.security = [{ tenantToken: [], bearerAuth: [] }];
      }),
    ).toEqual(['breaking  GET /products/categories/  security added']);
    expect(
      classify((doc) => {
        doc.components.securitySchemes.tenantToken!.name = 'X-Shop';
      }),
    ).toEqual([
      'breaking  components  security scheme `tenantToken`: name "X-Tenant-Token" -> "X-Shop"',
    ]);
  });
});
