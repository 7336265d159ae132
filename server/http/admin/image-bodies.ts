/**
 * The one request body of the back office that is not JSON: an image upload
 * (`uploadImage`, POST `{publicApiPath}/admin/media/uploads/`), whose body is the file's bytes.
 * Added to the admin scope beside the JSON parser of ../api-requests.ts:
 *
 * - only the upload operation takes a non-JSON body; any other operation answers a non-JSON
 *   body 415 `Unsupported Media Type` as before (so no JSON handler ever sees a Buffer);
 * - the upload takes `image/jpeg`, `image/png` and `image/webp`; any other type answers 415 with
 *   the message saying what to send (the image's content is checked later, by its bytes);
 * - the staff token is checked BEFORE the body is read, so nobody without one can make the
 *   server take in 15 MB; the body is read up to the byte limit (a larger Content-Length, or a
 *   body that grows past it, answers 413 with its message and the connection is closed).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';
import { MAX_UPLOAD_BYTES, UPLOAD_TYPES } from '../../media/limits.ts';
import { MEDIA_MESSAGES } from '../../media/messages.ts';
import { HttpError } from '../http-error.ts';
import { staffAuth } from './staff-auth.ts';

/** The operations whose body is an image file. */
const IMAGE_BODY_OPERATIONS = new Set(['uploadImage']);

function operationOf(request: FastifyRequest): string | undefined {
  return (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
}

/** Reads the request body into one Buffer, refusing it past `limit` bytes. */
async function readLimited(payload: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of payload as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > limit) throw new HttpError(413, { detail: MEDIA_MESSAGES.tooLarge });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

async function imageBodiesPlugin(api: FastifyInstance): Promise<void> {
  const parse = async (request: FastifyRequest, payload: IncomingMessage) => {
    if (!IMAGE_BODY_OPERATIONS.has(operationOf(request) ?? '')) {
      throw new HttpError(415, { detail: 'Unsupported Media Type' });
    }
    await staffAuth(request);
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!(UPLOAD_TYPES as readonly string[]).includes(type)) {
      throw new HttpError(415, { detail: MEDIA_MESSAGES.wrongContentType });
    }
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES) {
      throw new HttpError(413, { detail: MEDIA_MESSAGES.tooLarge });
    }
    return readLimited(payload, MAX_UPLOAD_BYTES);
  };
  // The image types by name too: the contract's upload names them, and Fastify warns at start
  // about a schema's content type without a parser of its own.
  api.addContentTypeParser([...UPLOAD_TYPES], parse);
  api.addContentTypeParser('*', parse);
}

/** Registers the image body parser in the calling scope (see the module comment). */
export const imageBodies = fp(imageBodiesPlugin, { name: 'admin-image-bodies' });
