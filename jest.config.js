/**
 * Four jest projects (docs/decisions/codebase-conventions.md D85): unit (domain rules, handlers
 * with aws-sdk-client-mock, the sandbox's parts) and infra (CDK assertions and cdk-nag on the
 * synthesized template) are the quick loop, `npm test -- --selectProjects unit infra`; e2e is
 * HTTP against the one sandbox its global setup starts on free ports; e2e-slow holds the e2e
 * files that start sandboxes or programs of their own. `npm test` runs all four.
 */
const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'commonjs' } },
];

const common = {
  rootDir: import.meta.dirname,
  // middy 7, dinero.js 2, unicode-case-folding and github-slugger 2 are ESM only: swc transforms them to CommonJS (middy through its entry, below).
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: [
    '/node_modules/(?!(@middy|jose|@seriousme|@actions|dinero.js|unicode-case-folding|github-slugger)/)',
  ],
  moduleNameMapper: {
    // package.json "imports": one alias per top folder, and #commons for functions/commons.
    '^#commons/(.*)$': '<rootDir>/functions/commons/$1',
    '^#(functions|lib|local|cli|bench|bin|test|examples)/(.*)$': '<rootDir>/$1/$2',
    // The typed client's sources, as tsconfig.json's `paths` maps them: its dist/ is for its users.
    '^@commerce-api/client$': '<rootDir>/clients/typescript/src/index.ts',
    '^@middy/([^/]+)$': '<rootDir>/node_modules/@middy/$1/index.js',
    // ESM only, exported for `import` alone: its files, transformed like middy's.
    '^@actions/expressions$': '<rootDir>/node_modules/@actions/expressions/dist/index.js',
    '^@actions/expressions/(.*)$': '<rootDir>/node_modules/@actions/expressions/dist/$1.js',
  },
};

/**
 * A project with the time each of its tests (and hooks) may take: the most any of its files
 * needs, so no file sets its own. Jest 30 reads `testTimeout` from the top level of the config
 * only (jestjs/jest#9696), so test/support/project-test-timeout.ts applies the project's, which
 * `globals` hands it; `testTimeout` stays beside it for `jest --showConfig` and the repository
 * test (test/unit/repository/test-projects.test.ts).
 */
const project = ({ testTimeout, setupFilesAfterEnv = [], ...options }) => ({
  ...common,
  ...options,
  testTimeout,
  globals: { PROJECT_TEST_TIMEOUT: testTimeout },
  setupFilesAfterEnv: ['<rootDir>/test/support/project-test-timeout.ts', ...setupFilesAfterEnv],
});

/**
 * The e2e files that start a sandbox of their own (batch counters and ids, faults, restarts, a
 * catalogue they change) or run the project's programs (`npm run catalogue|events|smoke`, the
 * command line tools, the typed client's example, the deploy workflow's steps): 14 of 33 files, 400 s of the 490 s the e2e
 * files take on one worker (D85).
 * cli-lookup-and-errors, events-cli and smoke also use the shared sandbox, so e2e-slow has the
 * same global setup as e2e (Jest runs a global setup file once however many projects name it).
 */
const E2E_SLOW = [
  'batches',
  'batches-fairness',
  'batches-faults',
  'catalogue-any-language',
  'catalogue-commands',
  'catalogue-publishing',
  'catalogue-publish-cost',
  'catalogue-upgrade',
  'cli-lookup-and-errors',
  'client-example',
  'client-package',
  'deploy-workflow',
  'events-cli',
  'prices-and-totals',
  'reports-faults',
  'sandbox-restart',
  'sandbox-stops',
  'smoke',
  'workflow-runner',
];

const sharedSandbox = {
  globalSetup: '<rootDir>/test/e2e/e2e-global-setup.ts',
  globalTeardown: '<rootDir>/test/e2e/e2e-global-teardown.ts',
};

export default {
  // Half the cores: each e2e worker drives a sandbox (the shared one or its own) that needs a
  // core as much as the worker does. One worker on 2 cores, as Jest's default (cores - 1) gave.
  maxWorkers: '50%',
  projects: [
    project({
      displayName: 'unit',
      testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
      setupFiles: ['<rootDir>/test/unit/setup-env.ts'],
      globalSetup: '<rootDir>/test/unit/unit-global-setup.ts',
      // The sandbox's parts run for real: dynalite seeded from scratch, fauxqs in a child process.
      testTimeout: 60_000,
    }),
    project({
      displayName: 'infra',
      testMatch: ['<rootDir>/test/infra/**/*.test.ts'],
      // cfn-guard's Control Tower rules over the prod template and its nested stacks.
      testTimeout: 120_000,
    }),
    project({
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
      testPathIgnorePatterns: [`^<rootDir>/test/e2e/(${E2E_SLOW.join('|')})\\.test\\.ts$`],
      ...sharedSandbox,
      // The property-based run of hostile input over every route.
      testTimeout: 120_000,
    }),
    project({
      displayName: 'e2e-slow',
      testMatch: E2E_SLOW.map((name) => `<rootDir>/test/e2e/${name}.test.ts`),
      ...sharedSandbox,
      // `npm run catalogue`: two publishes of the whole catalogue, each a child process.
      testTimeout: 180_000,
    }),
  ],
};
