/**
 * The media tables (migration 2026-013): images the back office uploaded, waiting to be claimed by
 * a product photo, a blog post or the site settings.
 *
 * Owned here (issue 37: each noun owns its tables); they join the shop's `Database`
 * (server/platform/db/database.ts) by declaration merging below, so Kysely sees them wherever
 * the database is typed.
 */
import type { ColumnType, Generated } from 'kysely';

export interface MediaUploadsTable {
  id: Generated<number>;
  tenant_id: number;
  /** Media store key of the full image (`<media_slug>/uploads/<sha256>.webp`). */
  image_key: string;
  /** Media store key of the square thumbnail (`...-thumb.webp`). */
  thumb_key: string;
  /** Root-relative URL path the full image is served at (`/api/media/<image_key>`). */
  image_path: string;
  /** Root-relative URL path of the thumbnail. */
  thumb_path: string;
  /** Pixel size of the stored full image. */
  width: number;
  height: number;
  /** Bytes of the file as uploaded. */
  bytes: number;
  /** The staff member who uploaded it (null once removed from the database). */
  created_by: number | null;
  created_at: ColumnType<Date | string, string | undefined, string>;
  /** When a photo, post or setting took it; null while unclaimed (a sweep may delete it). */
  claimed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

declare module '../platform/db/database.ts' {
  interface Database {
    media_uploads: MediaUploadsTable;
  }
}
