import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Bucket, type CfnBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import {
  SEARCH_SNAPSHOT_PATTERN,
  UPLOAD_PREFIX,
  VERSION_PREFIX,
} from '#functions/contracts/keys/import-object-keys';
import { bucketArnInFinding } from './nag-arn';
import { privateBucketProps } from './private-bucket';
import type { StageSettings } from './stage';

/** Uploaded files are read once, by the publish they start; a month keeps them for a post-mortem. */
export const UPLOAD_RETENTION_DAYS = 30;

/**
 * The catalogue import bucket: the files teams upload (`uploads/`), and each catalogue version's
 * plan (`versions/<version>/`), which its removal reads. Private, encrypted, TLS only; uploads
 * expire, plans are deleted with their version.
 */
export class CatalogueImportBucket extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, { settings }: { settings: StageSettings }) {
    super(scope, id);
    // Not versioned: the catalogue's source of truth is the product-information system that exports the files.
    this.bucket = new Bucket(
      this,
      'Bucket',
      privateBucketProps(settings, [
        { id: 'expire-uploads', prefix: UPLOAD_PREFIX, expiration: Duration.days(UPLOAD_RETENTION_DAYS) },
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ]),
    );
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Files are put by the team that deploys the stage (CloudTrail records who) and read only by the publish ' +
        'workflow, whose executions and publish records say which file made which version.',
    });
  }

  /** The publish task: reads uploads, writes and reads version plans, deletes removed versions' plans. */
  grantPublish(fn: IFunction): void {
    const uploads = this.bucket.arnForObjects(`${UPLOAD_PREFIX}*`);
    const versions = this.bucket.arnForObjects(`${VERSION_PREFIX}*`);
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [uploads, versions] }));
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:PutObject', 's3:DeleteObject'], resources: [versions] }),
    );
    // ListBucket makes a missing plan file NoSuchKey instead of AccessDenied (a plan cut short).
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.bucket.bucketArn] }),
    );
    if (!fn.role) throw new Error(`${fn.node.path} has no role`);
    const bucketId: string = Stack.of(this).resolve((this.bucket.node.defaultChild as CfnBucket).logicalId);
    for (const prefix of [UPLOAD_PREFIX, VERSION_PREFIX]) {
      Validations.of(fn.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${prefix}*]`,
        reason:
          'Upload keys and version plans are named by publish ids made per publish, so the keys cannot be ' +
          `named in advance; the grant is limited to the ${prefix} prefix of this one bucket.`,
      });
    }
  }

  /**
   * A search function (docs/decisions/search-engine.md D68): reads a version's search snapshots, and nothing else of
   * the bucket (not the uploads, not the plans).
   */
  grantSearchRead(fn: IFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(SEARCH_SNAPSHOT_PATTERN)],
      }),
    );
    if (!fn.role) throw new Error(`${fn.node.path} has no role`);
    Validations.of(fn.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${bucketArnInFinding(this.bucket, fn)}/${SEARCH_SNAPSHOT_PATTERN}]`,
      reason:
        'Snapshots are named by the catalogue version, made per publish, so the keys cannot be named in advance; ' +
        'the grant is GetObject on the search snapshots of this one bucket only.',
    });
  }
}
