import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_STATE_DIR } from './state-dir';

export interface SandboxOptions {
  readonly reset: boolean;
  /** 0 picks a free port. */
  readonly port: number;
  readonly stateDir: string;
  readonly help: boolean;
}

export const USAGE = `Usage: npm start -- [--reset] [--port N] [--state-dir DIR]

  --reset          start again from the seed (drops the data in the state directory)
  --port N         port of the API on 127.0.0.1 (default: env PORT, else 3000; 0 = any free port)
  --state-dir DIR  where the data lives between runs (default: .sandbox/ in the repository)`;

const parsePort = (value: string, source: string): number => {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${source} must be a port number between 0 and 65535, got ${JSON.stringify(value)}`);
  }
  return port;
};

export function parseSandboxOptions(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): SandboxOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      reset: { type: 'boolean', default: false },
      port: { type: 'string' },
      'state-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  return {
    reset: values.reset,
    help: values.help,
    port:
      values.port !== undefined
        ? parsePort(values.port, '--port')
        : env.PORT
          ? parsePort(env.PORT, 'PORT')
          : 3000,
    stateDir: path.resolve(values['state-dir'] ?? DEFAULT_STATE_DIR),
  };
}
