/**
 * The pictures of the seeded content: each blog post's featured image and each location's
 * picture, drawn like the product images (./images.ts renderProductImage) as 800 px WebP files
 * under the shop's media folder, written before the rows that name them.
 */
import { join } from 'node:path';
import type { SeedContent } from './content-data.ts';
import { renderProductImage } from './images.ts';
import { writeAtomically } from './seed.ts';

const IMAGE_SIZE = 800;

/** Media file of a post's featured image, relative to the tenant's media folder. */
export function blogImageFile(postSlug: string): string {
  return `blog/${postSlug}.webp`;
}

/** Media file of a location's picture, relative to the tenant's media folder. */
export function locationImageFile(file: string): string {
  return `contact/${file}.webp`;
}

/** Draws and writes every picture of `content` under `root`, the shop's media folder. */
export async function renderContentMedia(content: SeedContent, root: string): Promise<void> {
  for (const post of content.blog_posts) {
    if (!post.image) continue;
    const bytes = await renderProductImage(post.image, IMAGE_SIZE, 'webp');
    await writeAtomically(join(root, blogImageFile(post.slug)), bytes);
  }
  for (const location of content.locations) {
    if (!location.image) continue;
    const bytes = await renderProductImage(location.image, IMAGE_SIZE, 'webp');
    await writeAtomically(join(root, locationImageFile(location.image.file)), bytes);
  }
}
