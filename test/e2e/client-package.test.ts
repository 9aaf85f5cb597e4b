/**
 * The typed client as its users install it (issue 34; docs/calling-from-typescript.md;
 * docs/decisions/api-contract.md D95): `npm pack` builds and packs it, and four fresh projects
 * install the tarball with no registry and run against a sandbox of this test's own, on this
 * repository's Node 24 as plain `node`: (a) an ES module script, (b) a TypeScript project
 * compiled by tsc with `nodenext` (TypeScript 7, and checked by 5.9 too), (c) a TypeScript project
 * checked with `bundler` and bundled by esbuild, (d) a CommonJS `require`. Each searches across
 * pages, reads a product and `/@me`, meets a 404 as an ApiError, completes a batch and follows a
 * report to its PDF (test/e2e/client-consumers/); every step is held to the API's own answers. A
 * type error in a consumer fails its build.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { type BatchSandbox, startBatchSandbox } from './support/batches';
import { type CliRun, runProgram } from './support/cli-run';
import {
  CLIENT_DIR,
  consumerProject,
  mustRun,
  npmPack,
  type Packed,
  packInstalled,
  TOOLS,
} from './support/client-packages';
import { expectedReportIds, pdfText, rowIds } from './support/reports';
import { NOT_FOUND, ordersOf } from './support/seed-identities';
import { bearer } from './support/tokens';

/** What the consumers print (client-consumer-steps.mjs). */
interface Seen {
  readonly listed: string[];
  readonly product: { id: number; label: string };
  readonly me: number;
  readonly refused: unknown;
  readonly order: number;
  readonly batch: { id: number; status: string; count: number; errors: unknown[] };
  readonly report: { id: string; bytes: number; fileName: string };
}

const PERIOD = { start_date: '2026-01-01', end_date: '2026-06-30' };
const SENT_ON = new Date().toISOString().slice(0, 10);
const STRICT = { target: 'es2022', strict: true, skipLibCheck: true, types: ['node'] };
const FILES = { js: ['client-consumer-steps.mjs'], ts: ['typed-consumer.ts', 'client-consumer-steps.mjs'] };

let scratch: string;
let sandbox: BatchSandbox;
let client: Packed;
let dependencies: Packed[];
let nodeTypes: Packed[];

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'commerce-api-e2e-client-package-'));
  sandbox = await startBatchSandbox();
  client = await npmPack(CLIENT_DIR, scratch, { scripts: true });
  dependencies = await packInstalled(['openapi-fetch', 'openapi-typescript-helpers'], scratch);
  nodeTypes = await packInstalled(['@types/node', 'undici-types'], scratch);
});
afterAll(async () => {
  await sandbox?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** A fresh project `name` in the scratch folder, with the client, its dependency and `extra` installed. */
const project = async (
  name: string,
  setup: { type?: 'module'; files: readonly string[]; tsconfig?: object; extra?: readonly Packed[] },
) => {
  const dir = path.join(scratch, name);
  const tarballs = [client, ...dependencies, ...(setup.extra ?? [])];
  await consumerProject(dir, { ...setup, tarballs, npmCache: path.join(scratch, 'npm-cache') });
  return dir;
};

/** Runs `program` with node in `dir` as `user` and answers what it saw; its PDF is saved beside. */
const consume = async (dir: string, program: string, user: number) => {
  const reportFile = path.join(dir, 'report.pdf');
  const env = {
    ...process.env,
    COMMERCE_API_URL: sandbox.url,
    COMMERCE_API_TOKEN: sandbox.token(user),
    SENT_ON,
    REPORT_START: PERIOD.start_date,
    REPORT_END: PERIOD.end_date,
    REPORT_FILE: reportFile,
  };
  const run = await mustRun(TOOLS.node, [program], { cwd: dir, env });
  expect(run.stderr).toBe('');
  return { seen: JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Seen, reportFile };
};

let searchIds: string[] | undefined;
/** Every match of the consumers' search, as the API answers it in pages of 100. */
const expectedSearch = async () => {
  if (searchIds) return searchIds;
  const criteria = {
    productType: ['computer'],
    computer: { ram_gb: { min: 16 } },
    country: 'FR',
    limit: 100,
  };
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const { body } = await sandbox.api('/products/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...criteria, page }),
    });
    ids.push(...(body as { id: string }[]).map(({ id }) => id));
    if ((body as unknown[]).length < 100) break;
  }
  searchIds = ids;
  return ids;
};

/** Holds each step a consumer reports to what the API itself answers. */
async function expectTrueToTheApi({ seen, reportFile }: { seen: Seen; reportFile: string }, user: number) {
  const listed = await expectedSearch();
  // More than one page of 25: the iterator had to go on.
  expect(listed.length).toBeGreaterThan(25);
  expect(seen.listed).toEqual(listed);
  const product = (await sandbox.api(`/products/${listed[0]}`)).body as Seen['product'];
  expect(seen.product).toEqual({ id: product.id, label: product.label });
  expect(seen.me).toBe(user);
  expect(seen.refused).toEqual({ status: 404, ...NOT_FOUND });

  const newest = ordersOf(user)[0]!;
  expect(seen.order).toBe(newest.id);
  expect(seen.batch).toMatchObject({ status: 'completed', count: 1, errors: [] });
  const order = await sandbox.api(`/orders/${newest.id}`, { headers: bearer(sandbox.token(user)) });
  expect(order.body).toMatchObject({ id: newest.id, sent_on: SENT_ON });

  const pdf = readFileSync(reportFile);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(seen.report).toEqual({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    bytes: pdf.byteLength,
    fileName: `orders-report-${PERIOD.start_date}-to-${PERIOD.end_date}.pdf`,
  });
  expect(rowIds(pdfText(pdf))).toEqual(expectedReportIds(PERIOD, user));
}

/** The declaration files of the client a compiler read (`--listFiles`), relative to the package. */
const clientDeclarations = (run: CliRun) =>
  [...run.stdout.matchAll(/node_modules\/@commerce-api\/client\/(dist\/\S+\.d\.ts)$/gm)].map((m) => m[1]);

/** Compiles `file` (written into `dir` for the purpose) and answers the compiler's errors. */
const typeErrorsOf = async (tsc: string, dir: string, file: string, text: string) => {
  writeFileSync(path.join(dir, file), text);
  try {
    const run = await runProgram(tsc, ['-p', '.', '--noEmit'], { cwd: dir, timeout: 120_000 });
    return { code: run.code, errors: run.stdout.split('\n').filter((line) => / error TS\d+:/.test(line)) };
  } finally {
    rmSync(path.join(dir, file));
  }
};
const WRONG_CALL = `import { createCommerceClient } from '@commerce-api/client';
const { data } = await createCommerceClient({ baseUrl: 'http://127.0.0.1/v1' }).GET('/@me');
export const id: string | undefined = data?.id;
`;
const WRONG_TYPE =
  /^wrong-call\.ts\(3,14\): error TS2322: Type 'number \| undefined' is not assignable to type 'string \| undefined'\.$/;

describe('the tarball', () => {
  it('holds dist/ (ES modules, CommonJS, declarations, source maps), the README, the license and package.json: nothing else', () => {
    const files = client.files.map((file) => file.path).sort();
    expect(files.filter((file) => !file.startsWith('dist/'))).toEqual([
      'LICENSE',
      'README.md',
      'package.json',
    ]);
    const modules = readdirSync(path.join(CLIENT_DIR, 'src')).map((file) => file.replace(/\.ts$/, ''));
    // The generated types are declarations only: their empty module is not shipped.
    const expected = ['esm', 'cjs'].flatMap((build) =>
      modules.flatMap((name) =>
        (name === 'commerce-api-types' ? ['.d.ts'] : ['.d.ts', '.js', '.js.map']).map(
          (ending) => `dist/${build}/${name}${ending}`,
        ),
      ),
    );
    expect(files.filter((file) => file.startsWith('dist/'))).toEqual(
      [...expected, 'dist/cjs/package.json'].sort(),
    );
    expect(client.size).toBeLessThan(60_000);
  });
});

describe('(a) a plain Node ES module script', () => {
  it('imports the package and runs every step', async () => {
    const dir = await project('esm-script', { type: 'module', files: ['esm-consumer.mjs', ...FILES.js] });
    await expectTrueToTheApi(await consume(dir, 'esm-consumer.mjs', 3), 3);
  });
});

describe('(b) a TypeScript project, nodenext, compiled by tsc and run by node', () => {
  let dir: string;
  beforeAll(async () => {
    const options = {
      ...STRICT,
      module: 'nodenext',
      moduleResolution: 'nodenext',
      allowJs: true,
      checkJs: true,
    };
    const tsconfig = { compilerOptions: { ...options, outDir: 'out' }, include: ['*.ts', '*.mjs'] };
    dir = await project('nodenext', { type: 'module', files: FILES.ts, tsconfig, extra: nodeTypes });
  });

  it('compiles with TypeScript 7 and type-checks with 5.9, reading the ES module declarations', async () => {
    const built = await mustRun(TOOLS.tsc7, ['-p', '.', '--listFiles'], { cwd: dir });
    expect(clientDeclarations(built)).toContain('dist/esm/index.d.ts');
    expect(clientDeclarations(built).filter((file) => !file?.startsWith('dist/esm/'))).toEqual([]);
    await mustRun(TOOLS.tsc5, ['-p', '.', '--noEmit'], { cwd: dir });
  });

  it("refuses a type error in either compiler: the types are the API's, not `any`", async () => {
    for (const tsc of [TOOLS.tsc7, TOOLS.tsc5]) {
      const { code, errors } = await typeErrorsOf(tsc, dir, 'wrong-call.ts', WRONG_CALL);
      expect(code).not.toBe(0);
      expect(errors).toEqual([expect.stringMatching(WRONG_TYPE)]);
    }
  });

  it('runs every step, compiled, with node', async () => {
    await expectTrueToTheApi(await consume(dir, 'out/typed-consumer.js', 4), 4);
  });
});

describe('(c) a TypeScript project, bundler resolution, bundled by esbuild', () => {
  it('type-checks, bundles and runs every step', async () => {
    const options = {
      ...STRICT,
      module: 'preserve',
      moduleResolution: 'bundler',
      allowJs: true,
      checkJs: true,
    };
    const tsconfig = { compilerOptions: { ...options, noEmit: true }, include: ['*.ts', '*.mjs'] };
    const dir = await project('bundled', { type: 'module', files: FILES.ts, tsconfig, extra: nodeTypes });
    await mustRun(TOOLS.tsc7, ['-p', '.'], { cwd: dir });
    const bundle = ['--bundle', '--platform=node', '--format=esm', '--outfile=out/bundle.mjs'];
    await mustRun(TOOLS.esbuild, ['typed-consumer.ts', ...bundle], { cwd: dir });
    // The client is in the bundle: nothing of it is loaded from node_modules at run time.
    rmSync(path.join(dir, 'node_modules'), { recursive: true });
    await expectTrueToTheApi(await consume(dir, 'out/bundle.mjs', 5), 5);
  });
});

describe('(d) a CommonJS require', () => {
  let dir: string;
  beforeAll(async () => {
    const options = { ...STRICT, module: 'nodenext', moduleResolution: 'nodenext', noEmit: true, types: [] };
    const tsconfig = { compilerOptions: options, include: ['*.cts'] };
    dir = await project('commonjs', { files: ['commonjs-consumer.cjs', ...FILES.js], tsconfig });
  });

  it('types `require` with the CommonJS declarations, and refuses a type error', async () => {
    const wrong = `import client = require('@commerce-api/client');\nexport const options: client.CommerceClientOptions = { baseUrl: 1 };\n`;
    const { code, errors } = await typeErrorsOf(TOOLS.tsc7, dir, 'wrong-require.cts', wrong);
    expect(code).not.toBe(0);
    expect(errors).toEqual([
      expect.stringMatching(
        /^wrong-require\.cts\(2,56\): error TS2322: Type 'number' is not assignable to type 'string'\.$/,
      ),
    ]);
    writeFileSync(
      path.join(dir, 'right-require.cts'),
      wrong.replace('baseUrl: 1', "baseUrl: 'http://127.0.0.1/v1'"),
    );
    const read = await mustRun(TOOLS.tsc7, ['-p', '.', '--listFiles'], { cwd: dir });
    expect(clientDeclarations(read)).toContain('dist/cjs/index.d.ts');
    expect(clientDeclarations(read).filter((file) => !file?.startsWith('dist/cjs/'))).toEqual([]);
  });

  it('requires the package (its CommonJS build) and runs every step', async () => {
    await expectTrueToTheApi(await consume(dir, 'commonjs-consumer.cjs', 6), 6);
  });
});
