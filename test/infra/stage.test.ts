import { synth } from './synth';

describe('stages', () => {
  it('default to dev, in a stack named CommerceApi-dev', () => {
    expect(synth().stack.stackName).toBe('CommerceApi-dev');
  });

  it('come from context stage, as `cdk synth -c stage=<name>` passes it', () => {
    expect(synth({ context: { stage: 'alice' } }).stack.stackName).toBe('CommerceApi-alice');
  });

  it.each(['Prod', '1dev', 'dev_1', 'a-very-long-stage-name-x', ''])(
    'refuse %j with a clear error',
    (stage) => {
      expect(() => synth({ stage })).toThrow(/Invalid stage .*lower-case letters/);
    },
  );

  it('protect the prod stack from deletion', () => {
    expect(synth({ stage: 'prod' }).stack.terminationProtection).toBe(true);
    expect(synth({ stage: 'dev' }).stack.terminationProtection).toBe(false);
  });
});
