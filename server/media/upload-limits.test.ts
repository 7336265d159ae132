/**
 * The upload limits the back office and the server share (common/upload-limits.ts) are the
 * contract's: a product's photo list, the order of its photos and a photo's alt text are bounded
 * in openapi/admin.yaml by the same numbers, so the three cannot drift apart.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { MAX_ALT_TEXT, MAX_PHOTOS } from '../../common/upload-limits.ts';

interface Schema {
  maxItems?: number;
  maxLength?: number;
  properties?: Record<string, Schema>;
}

const schemas = (
  parse(
    readFileSync(fileURLToPath(new URL('../../openapi/admin.yaml', import.meta.url)), 'utf8'),
  ) as {
    components: { schemas: Record<string, Schema> };
  }
).components.schemas;

describe('the upload limits', () => {
  it("bound a product's photos as the contract does", () => {
    expect(schemas.ProductPhotoList!.maxItems).toBe(MAX_PHOTOS);
    expect(schemas.ProductPhotoOrder!.properties!.photo_ids!.maxItems).toBe(MAX_PHOTOS);
  });

  it("bound a photo's alt text as the contract does", () => {
    expect(schemas.ProductPhotoCreate!.properties!.alt_text!.maxLength).toBe(MAX_ALT_TEXT);
    expect(schemas.ProductPhotoUpdate!.properties!.alt_text!.maxLength).toBe(MAX_ALT_TEXT);
  });
});
