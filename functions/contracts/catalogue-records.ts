/**
 * What the catalogue CLI (cli/catalogue/) reads back from a stage's table: the active version, the
 * versions, the publish records and lock, the listing entries, and a version's catalogue read back
 * from its files.
 */
export type {
  ActiveRecord,
  LockHolder,
  PublishRecord,
  VersionItem,
  VersionRecord,
} from '#functions/catalogue/services/publish-ports';
export { catalogueOfVersion } from '#functions/catalogue/services/version-contents';
