/**
 * The catalogue file (docs/catalogue.md): the lines the catalogue CLI and the sandbox's seed write,
 * and the parser the publish benchmark times, the same the publish workflow runs.
 */

export type { Catalogue } from '#functions/catalogue/domain/catalogue-file';
export { catalogueLines, parseCatalogue } from '#functions/catalogue/domain/catalogue-file';
