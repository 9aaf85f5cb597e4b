import { execFileSync } from 'node:child_process';

/** Whether a command is on the PATH. */
const hasCommand = (command: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const aptGet = (...args: string[]) =>
  execFileSync('apt-get', args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });

/**
 * Installs a Debian package when its command is missing, so `npm test` on a fresh machine needs
 * no step the README does not show (the machines reach Debian's registry). Tests read PDFs with
 * poppler's `pdftotext`, an independent parser of what the service writes.
 */
export const ensureDebianCommand = (command: string, debianPackage: string): void => {
  if (hasCommand(command)) return;
  console.log(`Installing ${debianPackage} from Debian's packages (for ${command})...`);
  try {
    aptGet('install', '-y', '--no-install-recommends', debianPackage);
  } catch {
    // A fresh machine may have no package lists yet.
    aptGet('update');
    aptGet('install', '-y', '--no-install-recommends', debianPackage);
  }
  if (!hasCommand(command)) throw new Error(`${command} is still missing after installing ${debianPackage}`);
};

/** The Debian commands the unit tests use. */
export const ensureTestCommands = (): void => ensureDebianCommand('pdftotext', 'poppler-utils');

/** Those of the end-to-end tests: pdftotext, and Debian's Chromium for the reference page (never a downloaded browser). */
export const ensureE2eCommands = (): void => {
  ensureTestCommands();
  ensureDebianCommand('chromium', 'chromium');
};
