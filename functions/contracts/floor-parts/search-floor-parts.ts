/**
 * What the search floor (bench/floors/search-floor.ts) shares with the search function: its S3
 * pre-signed reads.
 * Each floor has a door of its own: a door re-exporting several clients would bring every client's
 * set-up (a top-level `new …Client`) into each floor's bundle, which bench/bundles.ts measures.
 */
export { presignedGet } from '#commons/clients/s3-presigned';
