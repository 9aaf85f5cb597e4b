/**
 * Room to grow (docs/decisions/functions-and-bundles.md D55): CloudFormation takes at most 500 resources, 200 outputs and
 * 200 parameters per stack. The route functions live in a nested stack per area, so a route costs
 * the stage's own stack its method, and, on a new path, its resource and 405. This test measures
 * every stack of dev and prod as they are and with the route table grown to 100 routes (the new
 * ones each on a path of its own, the dearest case, spread over the areas), prints the counts and
 * the measured cost per route, and fails when any stack passes the budget. The stacks are counted
 * as `cdk synth` writes them for a team: with CDK's metadata resource in each, and prod's file
 * completed with its account, region and alarm e-mail (whose subscription is one resource more).
 * The figures docs/deploying.md, docs/performance.md, docs/architecture.md and docs/decisions/functions-and-bundles.md state of these templates are read from their text and
 * held to the counts.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { NestedStack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { type Route, routes } from '#functions/routes';
import { projectRoot } from '#lib/project-paths';
import type { StageFile } from '#lib/stage-file';
import { shippedStageFile, synth } from './synth';

/** Every stack stays 10 % under CloudFormation's 500 resources at 100 routes. */
const RESOURCE_BUDGET = 450;
const CLOUDFORMATION_LIMITS = { resources: 500, outputs: 200, parameters: 200 };
const ROUTES_TO_FIT = 100;

/** A made-up route on a path of its own, served by a real route's module (so its area's stack). */
const grownRoute = (i: number): Route => {
  const { throttle: _throttle, ...like } = routes[i % routes.length]!;
  return { ...like, name: `grown-${i}`, method: 'GET', path: `/grown/r${i}` };
};
const grown = [...routes, ...Array.from({ length: ROUTES_TO_FIT - routes.length }, (_, i) => grownRoute(i))];

type Counts = Record<string, { resources: number; outputs: number; parameters: number }>;

/** A stage's file as a team deploys it: prod's with the alarm e-mail its description asks for. */
const deployedFile = (stage: string): StageFile => {
  const file = shippedStageFile(stage);
  return file.protected ? { alarmEmail: 'on-call@example.com', ...file } : file;
};

/** Resources, outputs and parameters of the stage's stack and of each nested stack. */
function measure(stage: string, table: readonly Route[]): Counts {
  const { stack } = synth({
    stage,
    routes: table,
    stageFile: deployedFile(stage),
    // CDK's metadata resource (AWS::CDK::Metadata), which `cdk synth` and `cdk deploy` add to each stack.
    appProps: { analyticsReporting: true },
  });
  const counts: Counts = {};
  const nested = stack.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack);
  for (const s of [stack, ...nested]) {
    const json = Template.fromStack(s).toJSON();
    counts[s instanceof NestedStack ? s.node.id : s.stackName] = {
      resources: Object.keys(json.Resources).length,
      outputs: Object.keys(json.Outputs ?? {}).length,
      parameters: Object.keys(json.Parameters ?? {}).length,
    };
  }
  return counts;
}

const measured = ['dev', 'prod'].map((stage) => ({
  stage,
  today: measure(stage, routes),
  at100: measure(stage, grown),
}));

describe('the resource budget', () => {
  it(`fits ${ROUTES_TO_FIT} routes with every stack of dev and prod under ${RESOURCE_BUDGET} resources and CloudFormation's other limits`, () => {
    expect(new Set(grown.map((route) => route.name)).size).toBe(ROUTES_TO_FIT);
    for (const { today, at100 } of measured) {
      for (const counts of [today, at100]) {
        for (const { resources, outputs, parameters } of Object.values(counts)) {
          expect(resources).toBeLessThanOrEqual(RESOURCE_BUDGET);
          expect(outputs).toBeLessThanOrEqual(CLOUDFORMATION_LIMITS.outputs);
          expect(parameters).toBeLessThanOrEqual(CLOUDFORMATION_LIMITS.parameters);
        }
      }
    }
  });

  afterAll(() => {
    const lines = measured.flatMap(({ stage, today, at100 }) => {
      const root = `CommerceApi-${stage}`;
      const added = ROUTES_TO_FIT - routes.length;
      const total = (counts: Counts) => Object.values(counts).reduce((sum, c) => sum + c.resources, 0);
      const perRoute = (a: number, b: number) => ((b - a) / added).toFixed(2);
      return [
        `${stage}: ${routes.length} routes → ${ROUTES_TO_FIT} routes (budget ${RESOURCE_BUDGET} a stack, CloudFormation ${CLOUDFORMATION_LIMITS.resources})`,
        ...Object.keys(at100).map(
          (name) =>
            `  ${name.padEnd(18)} ${String(today[name]?.resources ?? 0).padStart(3)} → ${String(at100[name]!.resources).padStart(3)} resources, ${String(at100[name]!.outputs).padStart(3)} outputs`,
        ),
        `  cost per route: ${perRoute(today[root]!.resources, at100[root]!.resources)} in ${root}, ${perRoute(total(today), total(at100))} in all stacks`,
      ];
    });
    console.log(`Resources per stack:\n${lines.join('\n')}`);
  });
});

/** A figure of the templates that a doc states, found by its sentence (the figure captured). */
interface DocFigure {
  readonly doc: string;
  readonly sentence: RegExp;
  readonly figure: string;
}

function docFigures(): DocFigure[] {
  const prod = measured.find((m) => m.stage === 'prod')!;
  const root = 'CommerceApi-prod';
  const added = ROUTES_TO_FIT - routes.length;
  const inRouteStacks = (counts: Counts) =>
    Object.entries(counts)
      .filter(([name]) => name.endsWith('Routes'))
      .reduce((sum, [, c]) => sum + c.resources, 0);
  const largestNested = Math.max(
    ...Object.entries(prod.at100)
      .filter(([name]) => name !== root)
      .map(([, c]) => c.resources),
  );
  const deploying = 'docs/deploying.md';
  const performance = 'docs/performance.md';
  const nested = 'docs/decisions/functions-and-bundles.md';
  const architecture = 'docs/architecture.md';
  return [
    {
      doc: deploying,
      sentence: /Prod's stack has (\d+) of CloudFormation's 500 resources/,
      figure: prod.today[root]!.resources,
    },
    { doc: deploying, sentence: /and, measured, (\d+) with 100 routes/, figure: prod.at100[root]!.resources },
    {
      doc: performance,
      sentence: /bundle \(create-report; (\d+) routes and the authorizer\)/,
      figure: routes.length,
    },
    {
      doc: performance,
      sentence: /every HTTP function \((\d+) routes and the authorizer;/,
      figure: routes.length,
    },
    {
      doc: nested,
      sentence: /its resource and 405 \((\d+(?:\.\d)?) measured/,
      figure: ((prod.at100[root]!.resources - prod.today[root]!.resources) / added).toFixed(1),
    },
    {
      doc: nested,
      sentence: /and its area's stack (\d+(?:\.\d)?)\./,
      figure: String((inRouteStacks(prod.at100) - inRouteStacks(prod.today)) / added),
    },
    { doc: nested, sentence: /prod's own stack (\d+) resources today/, figure: prod.today[root]!.resources },
    { doc: nested, sentence: /resources today, (\d+) at 100 routes/, figure: prod.at100[root]!.resources },
    { doc: nested, sentence: /the largest nested stack (\d+)/, figure: largestNested },
    { doc: nested, sentence: /their share of the (\d+) new routes/, figure: added },
    { doc: nested, sentence: /the budget is (\d+) a stack/, figure: RESOURCE_BUDGET },
    { doc: performance, sentence: /≤ (\d+) a stack; outputs and parameters ≤ 200/, figure: RESOURCE_BUDGET },
    {
      doc: architecture,
      sentence: /keep every stack under (\d+) resources up to \d+ routes/,
      figure: RESOURCE_BUDGET,
    },
    {
      doc: architecture,
      sentence: /keep every stack under \d+ resources up to (\d+) routes/,
      figure: ROUTES_TO_FIT,
    },
  ].map((f) => ({ ...f, figure: String(f.figure) }));
}

describe('the figures the docs state of the templates', () => {
  const text = (doc: string) => readFileSync(path.join(projectRoot, doc), 'utf8').replace(/\s+/g, ' ');

  it('are the measured ones (a failure names the doc, the sentence and the right figure)', () => {
    const wrong = docFigures().flatMap(({ doc, sentence, figure }) => {
      const found = text(doc).match(sentence);
      if (!found) {
        return [
          `${doc}: no sentence matches ${sentence}; if the figure left the doc, take it out of this test`,
        ];
      }
      return found[1] === figure
        ? []
        : [`${doc}: "${found[0]}" says ${found[1]}; the templates say ${figure}`];
    });
    expect(wrong).toEqual([]);
  });
});
