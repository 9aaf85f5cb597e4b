import {
  BlockPublicAccess,
  BucketEncryption,
  type BucketProps,
  type LifecycleRule,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import type { StageSettings } from './stage';

/**
 * What every bucket of the stack is: private (every public access blocked, ACLs disabled),
 * encrypted at rest (SSE-S3), reachable over TLS 1.2 or later only, not versioned (each says
 * why), and on unprotected stages emptied and deleted with the stack (CDK's auto-delete custom
 * resource); protected stages keep it.
 */
export const privateBucketProps = (
  settings: StageSettings,
  lifecycleRules: LifecycleRule[],
): BucketProps => ({
  encryption: BucketEncryption.S3_MANAGED,
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
  enforceSSL: true,
  minimumTLSVersion: 1.2,
  versioned: false,
  lifecycleRules,
  removalPolicy: settings.removalPolicy,
  autoDeleteObjects: !settings.isProtected,
});
