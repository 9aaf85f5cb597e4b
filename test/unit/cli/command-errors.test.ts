/**
 * What a command prints when it stops on an error (docs/decisions/sandbox-and-tools.md D80): one or two lines, exit 2
 * for a command line it cannot run, 1 otherwise, the stack only with --debug.
 */
import { parseArgs } from 'node:util';
import { InputError, reportError, UsageError } from '#cli/command-errors';

const USAGE = 'Usage: npm run x -- <command> [--stage NAME]\n\n  more lines';
const report = (error: unknown, debug = false) => reportError(error, { usage: USAGE, debug });
const parseError = () => {
  try {
    parseArgs({ args: ['--bogus'], options: {}, strict: true });
  } catch (error) {
    return error;
  }
  throw new Error('parseArgs accepted --bogus');
};
const sdkError = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('reportError', () => {
  it('gives a usage problem its message and the usage line, exit 2', () => {
    expect(report(new UsageError('Give one file.'))).toEqual({
      lines: ['Give one file.', 'Usage: npm run x -- <command> [--stage NAME]  (--help for more)'],
      exitCode: 2,
    });
    expect(report(parseError())).toMatchObject({ exitCode: 2 });
  });

  it('gives a refused input its message alone, exit 1, and the stack only with --debug', () => {
    expect(report(new InputError('f.jsonl does not exist: check the path.'))).toEqual({
      lines: ['f.jsonl does not exist: check the path.'],
      exitCode: 1,
    });
    expect(report(new InputError('x'), true).lines[1]).toMatch(/\n\s+at /);
  });

  it('names the AWS setting to give when the SDK finds no region or no credentials', () => {
    const region = report(new Error('Region is missing'));
    expect(region).toMatchObject({ exitCode: 1 });
    expect(region.lines).toEqual([expect.stringContaining('AWS_REGION')]);
    const credentials = report(
      sdkError('CredentialsProviderError', 'Could not load credentials from any providers'),
    );
    expect(credentials.lines).toEqual([expect.stringContaining('AWS_PROFILE')]);
    expect(
      report(sdkError('ExpiredTokenException', 'The security token included in the request is expired'))
        .lines,
    ).toEqual([expect.stringContaining('expired')]);
  });

  it('gives anything else one line and the way to its details, never a stack unless --debug', () => {
    const error = new TypeError('Cannot read properties of undefined');
    expect(report(error)).toEqual({
      lines: ['TypeError: Cannot read properties of undefined', 'Run again with --debug for the details.'],
      exitCode: 1,
    });
    expect(report(error, true).lines.join('\n')).toContain(error.stack);
  });
});
