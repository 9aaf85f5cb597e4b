import { accountChecks } from './account-checks';
import { ApiClient } from './api-client';
import { batchCheck } from './batch-check';
import { callerCheck } from './caller-check';
import { catalogueChecks } from './catalogue-checks';
import type { CheckContext } from './check-context';
import { summaryLine } from './check-lines';
import { CheckFailed, Checks } from './checks';
import { Cleanup } from './cleanup';
import { contractChecks } from './contract-checks';
import { committedContract } from './openapi-contract';
import { reportCheck } from './report-check';
import { smokePlan } from './smoke-plan';
import type { SmokeStage } from './smoke-stage';
import { webhookSecretCheck } from './webhook-secret-check';

export interface SmokeRun {
  /** How the stage is found: the sandbox on a state directory, or a deployed stage's stack. */
  readonly resolve: () => Promise<SmokeStage>;
  /** What the stage line names before the stage is found. */
  readonly stageName: string;
  readonly write: boolean;
  readonly token?: string;
}

/**
 * `npm run smoke`: every check in turn, one line each, then the cleanup of whatever the run
 * made (also after a failure) and the summary. Answers the exit code: 0 only when no check failed.
 */
export async function runSmoke(run: SmokeRun, print: (line: string) => void): Promise<number> {
  const started = performance.now();
  const checks = new Checks(print);
  let stage: SmokeStage | undefined;
  await checks.run(`stage: ${run.stageName}`, async () => {
    stage = await run.resolve();
    return `${stage.description}; tokens: ${stage.tokens}; ${stage.isProtected ? 'protected' : 'not protected'}`;
  });
  if (stage) {
    const cleanup = new Cleanup();
    const context: CheckContext = {
      api: new ApiClient(stage.apiUrl, committedContract()),
      checks,
      stage,
      cleanup,
    };
    try {
      await smokeChecks(context, run);
    } finally {
      await checks.run('cleanup: what the run made', async () => {
        const { removed, failed } = await cleanup.run();
        if (failed.length > 0) {
          throw new CheckFailed(
            `could not remove ${failed.map((f) => `${f.what} (${f.error})`).join('; ')}${removed.length > 0 ? `; removed ${removed.join(', ')}` : ''}`,
          );
        }
        return removed.length > 0 ? `removed ${removed.join(', ')}` : 'the run made nothing';
      });
      stage.close();
    }
  }
  print(summaryLine(stage?.name ?? run.stageName, checks.results, performance.now() - started));
  return checks.failed ? 1 : 0;
}

async function smokeChecks(context: CheckContext, run: SmokeRun): Promise<void> {
  const { stage } = context;
  const plan = smokePlan({
    tokens: stage.tokens,
    isProtected: stage.isProtected,
    write: run.write,
    token: run.token !== undefined,
  });
  await catalogueChecks(context);
  await contractChecks(context);
  const setup = await callerCheck(context, plan, run.token);
  await accountChecks(context, setup.caller, setup.readSkip);
  await batchCheck(context, ...setup.writer('a batch'));
  await reportCheck(context, ...setup.writer('a report'));
  const [secretWriter, secretSkip] = setup.writer('a webhook secret');
  await webhookSecretCheck(context, secretWriter?.caller, secretSkip);
}
