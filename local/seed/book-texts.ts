/** The words the seed's books are made of, in all five languages (local/seed/seed-texts.ts). */
import type { Template, Texts } from './seed-texts';

export interface BookTitle {
  readonly text: Texts;
  /** Educational titles are in the `education` business unit, the others in `books`. */
  readonly educational: boolean;
}

const title = (
  educational: boolean,
  en: string,
  fr: string,
  de: string,
  es: string,
  it: string,
): BookTitle => ({
  educational,
  text: { en, fr, de, es, it },
});

export const bookTitles: readonly BookTitle[] = [
  title(
    false,
    'The Silent Garden',
    'Le Jardin silencieux',
    'Der stille Garten',
    'El jardín silencioso',
    'Il giardino silenzioso',
  ),
  title(
    false,
    'A River in Winter',
    'Une rivière en hiver',
    'Ein Fluss im Winter',
    'Un río en invierno',
    "Un fiume d'inverno",
  ),
  title(
    false,
    'The Last Letter',
    'La Dernière Lettre',
    'Der letzte Brief',
    'La última carta',
    "L'ultima lettera",
  ),
  title(
    false,
    'The Island of Glass',
    "L'Île de verre",
    'Die Insel aus Glas',
    'La isla de cristal',
    "L'isola di vetro",
  ),
  title(false, 'Northern Lights', 'Aurores boréales', 'Nordlichter', 'Auroras boreales', 'Aurore boreali'),
  title(
    false,
    "The Clockmaker's Daughter",
    "La Fille de l'horloger",
    'Die Tochter des Uhrmachers',
    'La hija del relojero',
    "La figlia dell'orologiaio",
  ),
  title(
    true,
    'A Short History of Bridges',
    'Une brève histoire des ponts',
    'Eine kurze Geschichte der Brücken',
    'Una breve historia de los puentes',
    'Breve storia dei ponti',
  ),
  title(
    true,
    'Learning to Code',
    'Apprendre à programmer',
    'Programmieren lernen',
    'Aprender a programar',
    'Imparare a programmare',
  ),
  title(
    true,
    'The Mathematics of Music',
    'Les Mathématiques de la musique',
    'Die Mathematik der Musik',
    'Las matemáticas de la música',
    'La matematica della musica',
  ),
  title(
    false,
    'Cooking with the Seasons',
    'Cuisiner avec les saisons',
    'Kochen mit den Jahreszeiten',
    'Cocinar con las estaciones',
    'Cucinare con le stagioni',
  ),
  title(
    false,
    'The Harbour at Dawn',
    "Le Port à l'aube",
    'Der Hafen im Morgengrauen',
    'El puerto al amanecer',
    "Il porto all'alba",
  ),
  title(
    false,
    'Stars and Stones',
    'Étoiles et pierres',
    'Sterne und Steine',
    'Estrellas y piedras',
    'Stelle e pietre',
  ),
  title(
    false,
    'The Hidden Library',
    'La Bibliothèque cachée',
    'Die verborgene Bibliothek',
    'La biblioteca oculta',
    'La biblioteca nascosta',
  ),
  title(
    true,
    'Introduction to Economics',
    "Introduction à l'économie",
    'Einführung in die Volkswirtschaft',
    'Introducción a la economía',
    "Introduzione all'economia",
  ),
  title(
    false,
    'The Mountain Road',
    'La Route de la montagne',
    'Die Bergstraße',
    'El camino de la montaña',
    'La strada di montagna',
  ),
  title(
    false,
    'Letters from Lisbon',
    'Lettres de Lisbonne',
    'Briefe aus Lissabon',
    'Cartas desde Lisboa',
    'Lettere da Lisbona',
  ),
  title(
    true,
    'A Field Guide to Birds',
    'Guide des oiseaux',
    'Vogelführer',
    'Guía de campo de las aves',
    'Guida agli uccelli',
  ),
  title(
    false,
    'The Art of Patience',
    "L'Art de la patience",
    'Die Kunst der Geduld',
    'El arte de la paciencia',
    "L'arte della pazienza",
  ),
  title(
    true,
    'Physics for Everyone',
    'La Physique pour tous',
    'Physik für alle',
    'Física para todos',
    'La fisica per tutti',
  ),
  title(
    false,
    'The Night Train',
    'Le Train de nuit',
    'Der Nachtzug',
    'El tren nocturno',
    'Il treno di notte',
  ),
];

/** Volume 1 is the plain title; later volumes say their number. */
export const volumeLabel: Template<[Texts, number]> = {
  en: (t, n) => (n === 1 ? t.en : `${t.en}, vol. ${n}`),
  fr: (t, n) => (n === 1 ? t.fr : `${t.fr}, vol. ${n}`),
  de: (t, n) => (n === 1 ? t.de : `${t.de}, Bd. ${n}`),
  es: (t, n) => (n === 1 ? t.es : `${t.es}, vol. ${n}`),
  it: (t, n) => (n === 1 ? t.it : `${t.it}, vol. ${n}`),
};

export const editions: readonly Texts[] = [
  {
    en: 'paperback edition',
    fr: 'édition de poche',
    de: 'Taschenbuchausgabe',
    es: 'edición de bolsillo',
    it: 'edizione tascabile',
  },
  {
    en: 'hardcover edition',
    fr: 'édition reliée',
    de: 'gebundene Ausgabe',
    es: 'edición de tapa dura',
    it: 'edizione rilegata',
  },
];

export const bookTitleWithEdition: Template<[Texts, Texts]> = {
  en: (label, edition) => `${label.en} (${edition.en})`,
  fr: (label, edition) => `${label.fr} (${edition.fr})`,
  de: (label, edition) => `${label.de} (${edition.de})`,
  es: (label, edition) => `${label.es} (${edition.es})`,
  it: (label, edition) => `${label.it} (${edition.it})`,
};

export const fictionGenres: readonly Texts[] = [
  { en: 'Novel', fr: 'Roman', de: 'Roman', es: 'Novela', it: 'Romanzo' },
  { en: 'Essay', fr: 'Essai', de: 'Essay', es: 'Ensayo', it: 'Saggio' },
  { en: 'Short stories', fr: 'Nouvelles', de: 'Erzählungen', es: 'Relatos', it: 'Racconti' },
];

export const educationGenres: readonly Texts[] = [
  { en: 'Textbook', fr: 'Manuel', de: 'Lehrbuch', es: 'Libro de texto', it: 'Manuale' },
  { en: 'Guide', fr: 'Guide', de: 'Ratgeber', es: 'Guía', it: 'Guida' },
];

export const bookDescription: Template<[Texts, string, number]> = {
  en: (genre, author, pages) => `${genre.en} by ${author}, ${pages} pages.`,
  fr: (genre, author, pages) => `${genre.fr} de ${author}, ${pages} pages.`,
  de: (genre, author, pages) => `${genre.de} von ${author}, ${pages} Seiten.`,
  es: (genre, author, pages) => `${genre.es} de ${author}, ${pages} páginas.`,
  it: (genre, author, pages) => `${genre.it} di ${author}, ${pages} pagine.`,
};

export const backCovers = {
  gripping: {
    en: 'A story you will not put down.',
    fr: "Une histoire qu'on ne lâche plus.",
    de: 'Eine Geschichte, die man nicht aus der Hand legt.',
    es: 'Una historia que no podrás soltar.',
    it: 'Una storia che non riuscirai a posare.',
  },
  praised: {
    en: 'Praised by critics across Europe.',
    fr: 'Salué par la critique dans toute l’Europe.',
    de: 'Von der Kritik in ganz Europa gefeiert.',
    es: 'Elogiado por la crítica en toda Europa.',
    it: 'Acclamato dalla critica in tutta Europa.',
  },
  translated: {
    en: 'A new translation of a modern classic.',
    fr: 'Une nouvelle traduction d’un classique moderne.',
    de: 'Eine neue Übersetzung eines modernen Klassikers.',
    es: 'Una nueva traducción de un clásico moderno.',
    it: 'Una nuova traduzione di un classico moderno.',
  },
  educational: {
    en: 'Clear, patient and full of examples.',
    fr: "Clair, patient et plein d'exemples.",
    de: 'Klar, geduldig und voller Beispiele.',
    es: 'Claro, paciente y lleno de ejemplos.',
    it: 'Chiaro, paziente e ricco di esempi.',
  },
} satisfies Record<string, Texts>;

export const authors = [
  'Claire Dubois',
  'Jonas Weber',
  'Lucía Romero',
  'Marco Bianchi',
  'Emily Clarke',
  'Samuel Okafor',
  'Ingrid Larsen',
  'Tomás Ferreira',
  'Hannah Schmidt',
  'Giulia Conti',
  'Oliver Bennett',
  'Amélie Laurent',
] as const;

export const translators = ['Anne Martin', 'Peter Braun', 'Carmen Ortega', 'Luca Moretti'] as const;
