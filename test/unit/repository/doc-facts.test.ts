/**
 * Facts the docs state about the code, read from the code itself, so that a change of either
 * shows here instead of in a reader's wrong answer: the table's keys, the stack's outputs, the
 * status route's throttle, the largest batch body, the folders of functions/ and the Node.js the
 * scripts run on; and the docs' own size (a page a reader can take in).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as v from 'valibot';
import { batchBody } from '#functions/batches/batches-http-schemas';
import { MAX_BATCH_ITEMS } from '#functions/batches/domain/batch';
import { STATUS_ROUTE_THROTTLE } from '#functions/contracts/caller-limits';
import * as batchKeys from '#functions/contracts/keys/batch-keys';
import * as callerLimitKeys from '#functions/contracts/keys/caller-limit-keys';
import * as catalogueKeys from '#functions/contracts/keys/catalogue-keys';
import * as identityKeys from '#functions/contracts/keys/identity-keys';
import * as orderKeys from '#functions/contracts/keys/order-keys';
import * as outcomeKeys from '#functions/contracts/keys/outcome-keys';
import * as reportKeys from '#functions/contracts/keys/report-keys';
import * as webhookSecretKeys from '#functions/contracts/keys/webhook-secret-keys';
import * as eventStore from '#functions/events/store/dynamodb-event-store';
import { routes } from '#functions/routes';
import { projectRoot } from '#lib/project-paths';

const read = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8');

/** The text under a heading, up to the next heading of the same or a higher level. */
const section = (text: string, heading: string) => {
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`No heading "${heading}"`);
  const level = heading.slice(0, heading.indexOf(' '));
  const rest = text.slice(start + heading.length + 2);
  const next = rest.search(new RegExp(`\\n#{1,${level.length}} `));
  return next < 0 ? rest : rest.slice(0, next);
};

/** The text of a decision record, `### Dnn Title`, up to the next heading of its level or higher. */
const decision = (text: string, number: string) => {
  const heading = new RegExp(`^### ${number} .*$`, 'm').exec(text)?.[0];
  if (!heading) throw new Error(`No decision ${number}`);
  return section(text, heading);
};

/** Every page of the docs: README.md, CONTRIBUTING.md and every `.md` file under docs/. */
const docPages = (): string[] => {
  const under = (dir: string): string[] =>
    readdirSync(path.join(projectRoot, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? under(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`],
    );
  return ['README.md', 'CONTRIBUTING.md', ...under('docs').filter((file) => file.endsWith('.md'))];
};

const architecture = read('docs/architecture.md');
const table = read('docs/table.md');
const deploying = read('docs/deploying.md');
/** The outputs of the stage's stack, as lib/ declares them. */
const stackOutputs = [...read('lib/commerce-api-stack.ts').matchAll(/new CfnOutput\(this, '(\w+)'/g)].map(
  (m) => m[1],
);

describe('docs/table.md "Every item"', () => {
  const version = '20260101T120000Z-ab12';
  /** Every key the key modules build, by the name of the export that builds it. */
  const keys: Record<string, { pk: string; sk: string }> = {
    productKey: catalogueKeys.productKey(version, 42),
    stockKey: catalogueKeys.stockKey(version, 42, 'WH-1'),
    productItemKey: catalogueKeys.productItemKey(42, 7),
    stockItemKey: catalogueKeys.stockItemKey(42, 'wh-1', 7),
    generationCounterKey: catalogueKeys.generationCounterKey,
    referenceDataKey: catalogueKeys.referenceDataKey(version),
    chunkProgressKey: catalogueKeys.chunkProgressKey(version, 3),
    activeVersionKey: catalogueKeys.activeVersionKey,
    publishLockKey: catalogueKeys.publishLockKey,
    publishRecordKey: catalogueKeys.publishRecordKey('pub-7'),
    versionRecordKey: catalogueKeys.versionRecordKey(version),
    userKey: identityKeys.userKey(7),
    orderCounterKey: eventStore.orderCounterKey(7),
    orderKey: orderKeys.orderKey(9),
    batchKey: batchKeys.batchKey(3),
    batchCounterKey: batchKeys.batchCounterKey,
    reportKey: reportKeys.reportKey('0b6f7c1e-3a52-4a8e-9a43-5d5b0f1c2e3d'),
    webhookSecretsKey: webhookSecretKeys.webhookSecretsKey(7),
    callerLimitKey: callerLimitKeys.callerLimitKey('report-status', 7),
    outcomeKey: outcomeKeys.outcomeKey('evt-1'),
  };

  /** A table cell's first code span as a pattern: `<…>` stands for any text, `*` for itself. */
  const cellPattern = (cell = '') => {
    const code = /`([^`]+)`/.exec(cell)?.[1] ?? '';
    const escaped = code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/<[^>]+>/g, '.+');
    return new RegExp(`^${escaped}$`);
  };
  const rows = section(table, '## Every item')
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| item '))
    .map((line) => {
      const [item, pk, sk] = line.split(' | ').map((cell) => cell.replace(/^\| /, ''));
      return { item, pk: cellPattern(pk), sk: cellPattern(sk) };
    });
  const rowsOf = (key: { pk: string; sk: string }) =>
    rows.filter((row) => row.pk.test(key.pk) && row.sk.test(key.sk));

  it('covers every key-building export of the key modules', () => {
    const exported = [
      catalogueKeys,
      identityKeys,
      orderKeys,
      batchKeys,
      reportKeys,
      webhookSecretKeys,
      callerLimitKeys,
      outcomeKeys,
      eventStore,
    ].flatMap((module) => Object.keys(module).filter((name) => name.endsWith('Key')));
    expect(exported.sort()).toEqual(Object.keys(keys).sort());
  });

  it.each(Object.entries(keys))('has a row for %s', (_name, key) => {
    expect(rowsOf(key).map((row) => row.item)).toHaveLength(1);
  });

  it('has no row that no key of the code fits (a key that no longer exists)', () => {
    const fitted = new Set(Object.values(keys).flatMap(rowsOf));
    expect(rows.filter((row) => !fitted.has(row)).map((row) => row.item)).toEqual([]);
  });
});

describe('the largest batch body', () => {
  const nextYear = new Date().getUTCFullYear() + 1;
  const items = Array.from({ length: MAX_BATCH_ITEMS }, (_, i) => ({
    id: Number.MAX_SAFE_INTEGER - i,
    sent_on: `${nextYear}-12-31`,
  }));
  const bytes = Buffer.byteLength(JSON.stringify({ items }));

  it('is valid: the most items, the longest ids and dates the schema takes', () => {
    expect(v.safeParse(batchBody, { items }).success).toBe(true);
  });

  it('is the size D42 and D45 state', () => {
    const stated = `${bytes.toLocaleString('en-US')} bytes`;
    const limits = read('docs/decisions/limits-and-throttles.md');
    const requests = read('docs/decisions/http-requests.md');
    expect(decision(limits, 'D42').replaceAll('\n', ' ')).toContain(stated);
    expect(decision(requests, 'D45').replaceAll('\n', ' ')).toContain(stated);
  });
});

describe('docs/deploying.md', () => {
  it("names every output of the stage's stack, and no other, where it lists them", () => {
    const start = deploying.indexOf('The outputs name what a team uses next');
    const listed = deploying.slice(start, deploying.indexOf('\n\n', start));
    const named = [...listed.matchAll(/`([A-Z][A-Za-z]+)`/g)].map((m) => m[1]);
    expect(stackOutputs.length).toBeGreaterThan(10);
    expect(named.sort()).toEqual([...stackOutputs].sort());
  });

  it('README.md, CONTRIBUTING.md and docs/ name only outputs the stack has (a removed one only to say it is gone)', () => {
    const outputs = new Set(stackOutputs);
    const unknown = docPages().flatMap((page) =>
      read(page)
        .split('\n')
        .flatMap((line, i) =>
          [...line.matchAll(/outputs? \(?`([A-Za-z]+)`|`([A-Z][A-Za-z]+)` output/g)]
            .map((m) => m[1] ?? m[2] ?? '')
            .filter((name) => !outputs.has(name) && !/ gone\b/.test(line))
            .map((name) => `${page}:${i + 1}: ${name}`),
        ),
    );
    expect(unknown).toEqual([]);
  });

  it("states the status route's default throttle as the route table has it", () => {
    const { rateLimit, burstLimit } = STATUS_ROUTE_THROTTLE;
    expect(deploying).toContain(
      `the status route's ${rateLimit}/s, burst ${burstLimit.toLocaleString('en-US')}`,
    );
  });

  it("names the Node.js the scripts run on: the pinned `node` dev dependency, the Lambda runtime's major", () => {
    const pinned: string = JSON.parse(read('package.json')).devDependencies.node;
    expect(deploying).toContain(`dev dependency \`node\` ${pinned}`);
    expect(read('lib/api-function.ts')).toContain(`NODEJS_${pinned.split('.')[0]}_X`);
  });
});

describe('docs/api.md "Authentication"', () => {
  const publicList = section(read('docs/api.md'), '## Authentication')
    .split('\n\n')
    .find((paragraph) => paragraph.trim().startsWith('Public, no token needed'))!
    .replace(/\s+/g, ' ');
  /** A route as the list writes it: its method and path with `{id}` for a variable, or a sub-resource by its name. */
  const named = (route: (typeof routes)[number]) => {
    const path = route.path.replace(/\{[^}]+\}/g, '{id}');
    const sub = /^\/products\/\{id\}\/(\w+)$/.exec(path)?.[1];
    return sub ? `\`${sub}\`` : `\`${route.method} ${path}\``;
  };

  it('lists every public route of the route table as needing no token, and no token route', () => {
    const isPublic = (route: (typeof routes)[number]) => publicList.includes(named(route));
    expect(
      routes.filter((route) => route.access === 'public' && !isPublic(route)).map((r) => r.name),
    ).toEqual([]);
    expect(routes.filter((route) => route.access === 'token' && isPublic(route)).map((r) => r.name)).toEqual(
      [],
    );
    expect(routes.filter(isPublic).length).toBeGreaterThan(10);
  });
});

describe('docs/architecture.md "Where things live"', () => {
  it('names every top folder of the repository in "Top level"', () => {
    const shape = section(architecture, '## Where things live');
    const topLevel = shape.slice(
      shape.indexOf('Top level:'),
      shape.indexOf('\n\n', shape.indexOf('Top level:')),
    );
    const folders = new Set(
      execFileSync('git', ['ls-files'], { cwd: projectRoot, encoding: 'utf8' })
        .split('\n')
        .filter((file) => file.includes('/') && !file.startsWith('.'))
        .map((file) => file.slice(0, file.indexOf('/'))),
    );
    expect([...folders].filter((name) => !topLevel.includes(`\`${name}/\``))).toEqual([]);
  });

  it('names every folder of functions/ there', () => {
    const layers = section(architecture, '## Where things live');
    const folders = readdirSync(path.join(projectRoot, 'functions'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((name) => !layers.includes(`\`${name}\``))).toEqual([]);
  });
});

describe('the size of the docs', () => {
  const lines = (page: string) => read(page).split('\n').length - (read(page).endsWith('\n') ? 1 : 0);

  it('keeps README.md within 150 lines: what the product is, how to start, and a map', () => {
    expect(lines('README.md')).toBeLessThanOrEqual(150);
  });

  it('keeps every page of the docs within 400 lines', () => {
    expect(
      docPages()
        .filter((page) => lines(page) > 400)
        .map((page) => `${page}: ${lines(page)} lines`),
    ).toEqual([]);
  });
});
