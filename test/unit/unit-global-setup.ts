import { ensureTestCommands, unitTestCommands } from '../support/debian-packages';

/** Unit tests read the PDFs they render with poppler's pdftotext (installed as root, else named). */
export default function globalSetup(): void {
  ensureTestCommands(unitTestCommands);
}
