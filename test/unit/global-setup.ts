import { ensureTestCommands } from '../support/debian-packages';

/** Unit tests read the PDFs they render with poppler's pdftotext: install it if the machine lacks it. */
export default function globalSetup(): void {
  ensureTestCommands();
}
