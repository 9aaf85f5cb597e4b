import { catalogueLines } from '#functions/contracts/catalogue-file-format';
import { seedCatalogue } from './catalogue-seed';

/** The sandbox's seed catalogue as a catalogue file (docs/catalogue.md): the same text on every run. */
export const seedCatalogueText = (): string => `${catalogueLines(seedCatalogue()).join('\n')}\n`;
