import * as path from 'node:path';
import { parseSmokeOptions } from '#cli/smoke/smoke-options';
import { UsageError } from '#cli/stage-command';

describe('the smoke command line', () => {
  it('checks the sandbox on .sandbox/ by default, and reads every option', () => {
    expect(parseSmokeOptions([])).toEqual({
      stage: 'sandbox',
      stateDir: path.resolve('.sandbox'),
      write: false,
      startSandbox: false,
      help: false,
    });
    expect(parseSmokeOptions(['--stage', 'prod', '--write', '--token', ' eyJ.a.b '])).toMatchObject({
      stage: 'prod',
      write: true,
      token: 'eyJ.a.b',
    });
    expect(parseSmokeOptions(['--start-sandbox'])).toMatchObject({ stage: 'sandbox', startSandbox: true });
  });

  it('refuses what cannot be meant, saying why', () => {
    expect(() => parseSmokeOptions(['--start-sandbox', '--stage', 'dev'])).toThrow(
      new UsageError('--start-sandbox checks a sandbox of its own: give it without --stage or --state-dir.'),
    );
    expect(() => parseSmokeOptions(['--start-sandbox', '--state-dir', '/tmp/x'])).toThrow(UsageError);
    expect(() => parseSmokeOptions(['--token', ''])).toThrow(
      '--token needs the access token itself (it is empty).',
    );
    expect(() => parseSmokeOptions(['--stages', 'dev'])).toThrow(
      expect.objectContaining({ code: 'ERR_PARSE_ARGS_UNKNOWN_OPTION' }),
    );
  });
});
