/**
 * The first-run set-up's door (issue 38, decision 079 "First-run set-up"): `GET` and
 * `POST {publicApiPath}/admin/setup/` (openapi/admin.yaml, tag `setup`), answered by the main app
 * itself, outside the back office's API and before its hand-over (./lazy-admin-api.ts: a static
 * route wins over its wildcard). That API belongs to a shop (its tenant check answers 401 without
 * one), and this is asked before there is any; nor does the first question of a fresh
 * deployment need the back office's code loaded.
 *
 * Registering it decorates `app.firstRun` (server/shops/first-run.ts): at start, on a database
 * without any tenant, it makes the one-time set-up code and writes it to the log at warn level,
 * the one secret the server ever logs (as Grafana and Jenkins do: whoever reads the log owns the
 * deployment). `app.firstRun.required` tells the back office's page whether to show the set-up.
 *
 * The routes take JSON only (../api-requests.ts: 415 for another media type, 400 for broken or
 * missing JSON), their body checked against {@link SETUP_REQUEST_SCHEMA} (the contract's
 * `ShopSetupRequest`, held equal by ./first-run.test.ts) by the app's validator, and every answer
 * is `no-store`. A shop opened here is announced as a whole-shop change of the catalogue cache,
 * which every process follows (the pages' shop directory reads its shops again).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RequestBody, SuccessBody } from '../../../common/admin-contract.ts';
import { FirstRunSetup } from '../../shops/first-run.ts';
import { apiRequests } from '../api-requests.ts';
import { throttled } from '../throttled.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The first-run set-up of this process (server/shops/first-run.ts). */
    firstRun: FirstRunSetup;
  }
}

/**
 * `POST /setup/`'s body as openapi/admin.yaml declares it (`ShopSetupRequest`): written here
 * rather than read from the contract, which the main app does not load (decision 045). Lengths
 * only bound what is read; the rules and their words are server/shops/shop-input.ts's.
 */
export const SETUP_REQUEST_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['code', 'shop_name', 'domain', 'currency', 'country', 'owner_email', 'password'],
  properties: {
    code: { type: 'string', maxLength: 40 },
    shop_name: { type: 'string', maxLength: 200 },
    domain: { type: 'string', maxLength: 255 },
    currency: { type: 'string', maxLength: 10 },
    country: { type: 'string', maxLength: 10 },
    owner_email: { type: 'string', maxLength: 254 },
    owner_name: { type: 'string', maxLength: 150 },
    password: { type: 'string', maxLength: 1024 },
  },
} as const;

/** What {@link firstRunSetup} needs from the configuration. */
export interface FirstRunPluginOptions {
  /** The API's path prefix (config.publicApiPath); the routes are `{it}/admin/setup/`. */
  publicApiPath: string;
  /** The owner's password hash cost (config.passwordHashCost). */
  passwordHashCost: number;
}

/** The words the code is logged with: the operator searches the log for them. */
export const SETUP_CODE_LOG_MESSAGE = 'No shop yet: open /admin/ and enter this set-up code';

/**
 * Where the new shop answers, as the set-up request came: its scheme (`https` when the request
 * came over TLS, or through a trusted proxy that says so), the shop's domain, and the port the
 * request was sent to unless it is the scheme's own. `http://tidewater.example:8080/` for a
 * set-up made at `http://127.0.0.1:8080/admin/`.
 */
export function shopOrigin(request: FastifyRequest, domain: string): string {
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  const port = request.port;
  const own = port === null || port === (scheme === 'https' ? 443 : 80);
  return `${scheme}://${domain}${own ? '' : `:${port}`}`;
}

async function firstRunPlugin(app: FastifyInstance, options: FirstRunPluginOptions) {
  const setup = await FirstRunSetup.start(app.db, {
    dialect: app.dbDialect,
    passwordHashCost: options.passwordHashCost,
    announce: (code) => app.log.warn({ reason: 'no shop' }, `${SETUP_CODE_LOG_MESSAGE}: ${code}`),
  });
  app.decorate('firstRun', setup);

  const path = `${options.publicApiPath}/admin/setup/`;
  await app.register(async (scope) => {
    await scope.register(apiRequests, { noStorePrefix: path });

    scope.get(path, async (request, reply): Promise<SuccessBody<'getShopSetup'> | FastifyReply> => {
      try {
        return { required: await setup.isRequiredFor(request.ip) };
      } catch (error) {
        return throttled(reply, error);
      }
    });

    scope.post<{ Body: RequestBody<'setUpShop'> }>(
      path,
      { schema: { body: SETUP_REQUEST_SCHEMA } },
      async (request, reply): Promise<SuccessBody<'setUpShop'> | FastifyReply> => {
        const body = request.body;
        let shop;
        try {
          shop = await setup.open(
            {
              code: body.code,
              shop: {
                name: body.shop_name,
                domain: body.domain,
                currency: body.currency,
                country: body.country,
                owner: {
                  email: body.owner_email,
                  password: body.password,
                  ...(body.owner_name ? { name: body.owner_name } : {}),
                },
              },
            },
            request.ip,
          );
        } catch (error) {
          return throttled(reply, error);
        }
        request.log.info(
          { tenant: shop.token, domain: shop.domain },
          'the first-run set-up opened a shop',
        );
        app.catalogCache.invalidate(shop.tenantId);
        const origin = shopOrigin(request, shop.domain);
        return reply.code(201).send({
          shop: {
            name: shop.name,
            domain: shop.domain,
            currency: shop.currency,
            tenant_token: shop.token,
          },
          owner_email: shop.owner.email,
          storefront_url: `${origin}/`,
          admin_url: `${origin}/admin/`,
        } satisfies SuccessBody<'setUpShop'>);
      },
    );
  });
}

/**
 * Makes this process's set-up (decorating `app.firstRun`, announcing its code when there is no
 * shop) and registers its two routes. Register after the database, the catalogue cache and the
 * seed (a seeded deployment has shops, so no code is made).
 */
export const firstRunSetup = fp(firstRunPlugin, {
  name: 'first-run-setup',
  dependencies: ['db', 'catalog-cache'],
});
