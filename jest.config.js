/**
 * Three levels of tests (CONTRIBUTING.md "Tests"): unit (domain rules, handlers with aws-sdk-client-mock),
 * infra (CDK assertions and cdk-nag on the synthesized template) and e2e (HTTP against a
 * sandbox that the e2e project starts on free ports and stops again).
 */
const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript' }, target: 'es2023' }, module: { type: 'commonjs' } },
];

const common = {
  rootDir: import.meta.dirname,
  // middy 7 is ESM only: point at its entry and let swc transform it to CommonJS.
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@middy|jose|@seriousme|@actions)/)'],
  moduleNameMapper: {
    // package.json "imports": one alias per top folder, and #commons for functions/commons.
    '^#commons/(.*)$': '<rootDir>/functions/commons/$1',
    '^#(functions|lib|local|cli|bench|bin|test|examples)/(.*)$': '<rootDir>/$1/$2',
    '^@middy/([^/]+)$': '<rootDir>/node_modules/@middy/$1/index.js',
    // ESM only, exported for `import` alone: its files, transformed like middy's.
    '^@actions/expressions$': '<rootDir>/node_modules/@actions/expressions/dist/index.js',
    '^@actions/expressions/(.*)$': '<rootDir>/node_modules/@actions/expressions/dist/$1.js',
  },
};

export default {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
      setupFiles: ['<rootDir>/test/unit/setup-env.ts'],
      globalSetup: '<rootDir>/test/unit/unit-global-setup.ts',
    },
    { ...common, displayName: 'infra', testMatch: ['<rootDir>/test/infra/**/*.test.ts'] },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/test/e2e/e2e-global-setup.ts',
      globalTeardown: '<rootDir>/test/e2e/e2e-global-teardown.ts',
    },
  ],
};
