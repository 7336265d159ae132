/**
 * Serves seeded media files (product images, logos, favicons) from the media folder at
 * `<publicApiPath>/media/` with a day of caching. No tenant token is needed: the files are public
 * and image elements cannot send headers.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export interface MediaPluginOptions {
  mediaDir: string;
  publicApiPath: string;
}

const ONE_DAY_S = 24 * 60 * 60;

/** Registers the media route (encapsulated: it adds no hooks or decorators to the app). */
export async function media(app: FastifyInstance, options: MediaPluginOptions): Promise<void> {
  const root = resolve(options.mediaDir);
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: `${options.publicApiPath}/media/`,
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders(res) {
      res.header('Cache-Control', `public, max-age=${ONE_DAY_S}`);
      res.header('X-Content-Type-Options', 'nosniff');
    },
  });
}
