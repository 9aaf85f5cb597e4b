/** The words the seed's computers are made of, in all five languages (local/seed/seed-texts.ts). */
import type { Template, Texts } from './seed-texts';

export type ComputerKind = 'laptop' | 'all-in-one' | '2-in-1' | 'workstation';

export const computerLabels: Record<ComputerKind, Template<[string]>> = {
  laptop: {
    en: (m) => `${m} laptop`,
    fr: (m) => `Ordinateur portable ${m}`,
    de: (m) => `${m} Laptop`,
    es: (m) => `Portátil ${m}`,
    it: (m) => `Portatile ${m}`,
  },
  'all-in-one': {
    en: (m) => `${m} all-in-one desktop`,
    fr: (m) => `Ordinateur tout-en-un ${m}`,
    de: (m) => `${m} All-in-One-PC`,
    es: (m) => `Ordenador todo en uno ${m}`,
    it: (m) => `Computer all-in-one ${m}`,
  },
  '2-in-1': {
    en: (m) => `${m} 2-in-1 tablet`,
    fr: (m) => `Tablette 2-en-1 ${m}`,
    de: (m) => `${m} 2-in-1-Tablet`,
    es: (m) => `Tableta 2 en 1 ${m}`,
    it: (m) => `Tablet 2 in 1 ${m}`,
  },
  workstation: {
    en: (m) => `${m} mobile workstation`,
    fr: (m) => `Station de travail mobile ${m}`,
    de: (m) => `${m} mobile Workstation`,
    es: (m) => `Estación de trabajo móvil ${m}`,
    it: (m) => `Workstation mobile ${m}`,
  },
};

export const computerTitle: Template<[Texts, string, string]> = {
  en: (label, ram, storage) => `${label.en}, ${ram} RAM, ${storage} SSD`,
  fr: (label, ram, storage) => `${label.fr}, ${ram} de RAM, SSD ${storage}`,
  de: (label, ram, storage) => `${label.de}, ${ram} RAM, ${storage} SSD`,
  es: (label, ram, storage) => `${label.es}, ${ram} de RAM, SSD de ${storage}`,
  it: (label, ram, storage) => `${label.it}, ${ram} di RAM, SSD da ${storage}`,
};

/** Arguments: screen diagonal in inches, processor model, memory. */
export const computerDescription: Template<[string, string, string]> = {
  en: (inches, cpu, ram) => `${inches}-inch screen, ${cpu} processor, ${ram} of memory.`,
  fr: (inches, cpu, ram) => `Écran de ${inches} pouces, processeur ${cpu}, ${ram} de mémoire.`,
  de: (inches, cpu, ram) => `${inches}-Zoll-Bildschirm, Prozessor ${cpu}, ${ram} Arbeitsspeicher.`,
  es: (inches, cpu, ram) => `Pantalla de ${inches} pulgadas, procesador ${cpu}, ${ram} de memoria.`,
  it: (inches, cpu, ram) => `Schermo da ${inches} pollici, processore ${cpu}, ${ram} di memoria.`,
};
