/**
 * The Debian commands the tests need (test/support/debian-packages.ts): installed as root, named
 * with the command that installs them for anyone else, never a failure inside apt-get.
 */
import {
  e2eTestCommands,
  ensureTestCommands,
  type Machine,
  MissingTestCommandsError,
} from '../../support/debian-packages';

const machine = (isRoot: boolean, present: string[]) => {
  const installed: string[][] = [];
  const on: Machine = {
    isRoot,
    has: (command) => present.includes(command),
    install: (packages) => {
      installed.push(packages);
      // What apt-get does: the packages bring their commands.
      for (const p of packages)
        present.push(e2eTestCommands.find((c) => c.debianPackage === p)?.command ?? p);
    },
  };
  return { on, installed };
};

describe('the Debian commands the tests need', () => {
  it('changes nothing when every command is there', () => {
    const { on, installed } = machine(false, ['pdftotext', 'chromium']);
    ensureTestCommands(e2eTestCommands, on);
    expect(installed).toEqual([]);
  });

  it('installs the missing packages in one apt-get call as root', () => {
    const { on, installed } = machine(true, []);
    ensureTestCommands(e2eTestCommands, on);
    expect(installed).toEqual([['poppler-utils', 'chromium']]);
  });

  it('tells any other user which packages are missing and how to install them, in two lines', () => {
    const { on, installed } = machine(false, ['chromium']);
    let thrown: unknown;
    try {
      ensureTestCommands(e2eTestCommands, on);
    } catch (error) {
      thrown = error;
    }
    expect(installed).toEqual([]);
    expect(thrown).toBeInstanceOf(MissingTestCommandsError);
    const error = thrown as Error;
    expect(error.message.split('\n')).toEqual([
      'The tests need pdftotext, missing on this machine, and npm test installs packages only as root.',
      "Install Debian's poppler-utils: sudo apt-get install --no-install-recommends poppler-utils; then run the tests again.",
    ]);
    // Jest prints a global setup's error by its stack: the two lines and nothing else.
    expect(error.stack).toBe(error.message);
  });

  it('fails when an install as root did not bring the command', () => {
    const on: Machine = { isRoot: true, has: () => false, install: () => {} };
    expect(() => ensureTestCommands(e2eTestCommands, on)).toThrow(
      'pdftotext and chromium still missing after installing them',
    );
  });
});
