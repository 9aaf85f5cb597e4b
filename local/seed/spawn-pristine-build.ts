import { spawn } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { projectRoot } from '#lib/project-paths';
import { PROGRESS_PREFIX } from './seed-progress';

/**
 * Runs local/seed/build-pristine.ts in a child process on a scratch state directory and moves
 * the resulting dynalite and s3rver directories to `dynamodbDir` and `s3Dir`. Its progress lines
 * go to `log` as they come (a first start takes a minute or more); the rest of its output is
 * shown only when it fails.
 */
export async function spawnPristineBuild(
  dynamodbDir: string,
  s3Dir: string,
  log: (line: string) => void = () => {},
): Promise<void> {
  const stateDir = mkdtempSync(path.join(tmpdir(), 'sandbox-pristine-'));
  log(
    `Building the seed cache in ${path.relative(process.cwd(), path.dirname(path.dirname(dynamodbDir))) || '.'} (the first start after a clone or a seed change, half a minute; later starts copy it):`,
  );
  try {
    const output: Buffer[] = [];
    let partial = '';
    const showProgress = (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith(PROGRESS_PREFIX)) log(line);
    };
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(
        path.join(projectRoot, 'node_modules', '.bin', 'tsx'),
        ['local/seed/build-pristine.ts', stateDir],
        { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child.stdout.on('data', (chunk: Buffer) => {
        output.push(chunk);
        showProgress(chunk);
      });
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
