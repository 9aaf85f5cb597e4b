import { catalogueLines } from '#functions/catalogue/domain/catalogue-file';
import { seedCatalogue } from './catalogue-seed';

/** The sandbox's seed catalogue as a catalogue file (docs/catalogue.md): the same text on every run. */
export const seedCatalogueText = (): string => `${catalogueLines(seedCatalogue()).join('\n')}\n`;
