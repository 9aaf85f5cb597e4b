import { spawn } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { projectRoot } from '../../lib/project-paths';

/**
 * Runs local/seed/build-pristine.ts in a child process on a scratch state directory and moves
 * the resulting dynalite and s3rver directories to `dynamodbDir` and `s3Dir`. Its output is shown
 * only when it fails.
 */
export async function spawnPristineBuild(dynamodbDir: string, s3Dir: string): Promise<void> {
  const stateDir = mkdtempSync(path.join(tmpdir(), 'sandbox-pristine-'));
  try {
    const output: Buffer[] = [];
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(
        path.join(projectRoot, 'node_modules', '.bin', 'tsx'),
        ['local/seed/build-pristine.ts', stateDir],
        { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
      child.on('error', reject);
      child.on('exit', resolve);
    });
    if (code !== 0) {
      throw new Error(
        `Building the sandbox seed failed (exit ${code}):\n${Buffer.concat(output).toString('utf8')}`,
      );
    }
    renameSync(path.join(stateDir, 'dynamodb'), dynamodbDir);
    renameSync(path.join(stateDir, 's3'), s3Dir);
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
  }
}
