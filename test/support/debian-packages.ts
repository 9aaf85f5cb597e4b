import { execFileSync } from 'node:child_process';

/** A command the tests run, and the Debian package that provides it. */
export interface TestCommand {
  readonly command: string;
  readonly debianPackage: string;
}

/** Tests read PDFs with poppler's `pdftotext`, an independent parser of what the service writes. */
const pdftotext: TestCommand = { command: 'pdftotext', debianPackage: 'poppler-utils' };
/** The e2e test of /docs drives Chromium through playwright-core (never a downloaded browser). */
const chromium: TestCommand = { command: 'chromium', debianPackage: 'chromium' };

/** The commands the unit tests need. */
export const unitTestCommands: readonly TestCommand[] = [pdftotext];
/** The commands the end-to-end tests need: every command any test needs. */
export const e2eTestCommands: readonly TestCommand[] = [pdftotext, chromium];

/** Where a command is on the PATH, if it is. */
export const commandPath = (command: string): string | undefined => {
  try {
    return execFileSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
};

/**
 * Thrown when commands are missing and this user cannot install them. Its `stack` is its message,
 * so Jest prints the two lines alone rather than a trace through this file.
 */
export class MissingTestCommandsError extends Error {
  override readonly name = 'MissingTestCommandsError';
  constructor(missing: readonly TestCommand[]) {
    const commands = missing.map((m) => m.command).join(' and ');
    const packages = missing.map((m) => m.debianPackage).join(' ');
    super(
      `The tests need ${commands}, missing on this machine, and npm test installs packages only as root.\n` +
        `Install Debian's ${packages}: sudo apt-get install --no-install-recommends ${packages}; then run the tests again.`,
    );
    this.stack = this.message;
  }
}

const aptGet = (...args: string[]) =>
  execFileSync('apt-get', args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });

const installAsRoot = (packages: string[]) => {
  console.log(`Installing ${packages.join(', ')} from Debian's packages (for the tests)...`);
  try {
    aptGet('install', '-y', '--no-install-recommends', ...packages);
  } catch {
    // A fresh machine may have no package lists yet.
    aptGet('update');
    aptGet('install', '-y', '--no-install-recommends', ...packages);
  }
};

/** What ensureTestCommands asks of the machine (a test passes another). */
export interface Machine {
  readonly isRoot: boolean;
  has(command: string): boolean;
  install(packages: string[]): void;
}

const thisMachine: Machine = {
  isRoot: process.getuid?.() === 0,
  has: (command) => commandPath(command) !== undefined,
  install: installAsRoot,
};

/**
 * Makes sure the commands are there. As root (this machine, its CI) a missing one is installed,
 * so `npm test` needs no step the README does not show; any other user (a GitHub runner, a
 * laptop) is told which packages to install instead of seeing apt-get refuse.
 */
export const ensureTestCommands = (
  commands: readonly TestCommand[],
  machine: Machine = thisMachine,
): void => {
  const missing = commands.filter((c) => !machine.has(c.command));
  if (missing.length === 0) return;
  if (!machine.isRoot) throw new MissingTestCommandsError(missing);
  machine.install(missing.map((m) => m.debianPackage));
  const still = missing.filter((c) => !machine.has(c.command));
  if (still.length > 0) {
    throw new Error(`${still.map((c) => c.command).join(' and ')} still missing after installing them`);
  }
};
