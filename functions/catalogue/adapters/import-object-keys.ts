/**
 * Where things live in the import bucket. Uploads expire by a lifecycle rule (the publish reads
 * them once); a version's plan files stay until the version is removed, since its removal reads
 * them to know which items to delete.
 */
export const UPLOAD_PREFIX = 'uploads/';
export const VERSION_PREFIX = 'versions/';

export const uploadKey = (publishId: string) => `${UPLOAD_PREFIX}${publishId}.jsonl`;
export const versionFileKey = (version: string, file: number) =>
  `${VERSION_PREFIX}${version}/items-${String(file).padStart(6, '0')}.json`;
