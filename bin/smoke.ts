/**
 * `npm run smoke -- [--stage NAME] [--state-dir DIR] [--write] [--token TOKEN] [--start-sandbox]`:
 * checks a stage end to end from outside, one line per check (docs/decisions/stages-and-deploys.md D74).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { runSmoke } from '#cli/smoke/run-smoke';
import { parseSmokeOptions, USAGE } from '#cli/smoke/smoke-options';
import { deployedStage, sandboxStage } from '#cli/smoke/smoke-stage';
import { runStageCommand } from '#cli/stage-command';
import { startSandboxChild, stopSandboxChild } from '#local/sandbox-child';
import { SANDBOX_STAGE } from '#local/sandbox-identity';

const print = (line: string) => console.log(line);

/** The first start on a machine also builds the seed cache (a minute or two). */
const SANDBOX_START_TIMEOUT_MS = 300_000;

async function main(): Promise<number> {
  const options = parseSmokeOptions(process.argv.slice(2));
  if (options.help) {
    print(USAGE);
    return 0;
  }
  const smoke = (stateDir: string) =>
    runSmoke(
      {
        stageName: options.stage,
        resolve: async () =>
          options.stage === SANDBOX_STAGE ? sandboxStage(stateDir) : deployedStage(options.stage),
        write: options.write,
        ...(options.token === undefined ? {} : { token: options.token }),
      },
      print,
    );
  if (!options.startSandbox) return smoke(options.stateDir);

  const stateDir = mkdtempSync(path.join(tmpdir(), 'commerce-api-smoke-'));
  try {
    console.error(`Starting a sandbox from the seed in ${stateDir} …`);
    let sandbox: Awaited<ReturnType<typeof startSandboxChild>>;
    try {
      sandbox = await startSandboxChild(stateDir, { timeoutMs: SANDBOX_START_TIMEOUT_MS });
    } catch (error) {
      console.error((error as Error).message);
      return 1;
    }
    try {
      return await smoke(stateDir);
    } finally {
      await stopSandboxChild(sandbox.child);
    }
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
  }
}

runStageCommand(main, USAGE);
