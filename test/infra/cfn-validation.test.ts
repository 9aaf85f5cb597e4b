import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { CfnAuthorizer } from 'aws-cdk-lib/aws-apigateway';
import { createCommerceApi } from '#lib/commerce-api-stack';
import { shippedStageFile } from './synth';

/**
 * The one infra test with aws-cdk-lib's built-in CloudFormation validation on, as `cdk synth`
 * runs it (bundling stays off: it does not change the template's shape). Under Jest a finding
 * makes `app.synth()` throw. It guards what the CDK types do not: here the REQUEST authorizer of
 * the @me resources, which has no IdentitySource and a zero TTL.
 */
function synthValidated(stage: string, change?: (built: ReturnType<typeof createCommerceApi>) => void) {
  const outdir = mkdtempSync(path.join(tmpdir(), 'commerce-api-cfn-'));
  try {
    const built = createCommerceApi({
      stage,
      stageFile: shippedStageFile(stage),
      nag: true,
      appProps: { outdir },
    });
    change?.(built);
    built.app.synth();
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

describe('the built-in CloudFormation validation', () => {
  it.each(['dev', 'prod'])('passes the %s stack, cdk-nag included', (stage) => {
    expect(() => synthValidated(stage)).not.toThrow();
  });

  it('does run: an authorizer TTL over an hour fails the synth', () => {
    const tooLong = ({ stack }: ReturnType<typeof createCommerceApi>) => {
      const authorizer = stack.node
        .findAll()
        .find((c) => c.node.path.endsWith('PinnedRequestAuthorizer/Resource'));
      (authorizer as CfnAuthorizer).authorizerResultTtlInSeconds = 7200;
    };
    expect(() => synthValidated('dev', tooLong)).toThrow(/AuthorizerResultTtlInSeconds/);
  });
});
