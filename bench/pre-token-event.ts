import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';

/** A Cognito pre-token-generation event for customer 2, the trigger's sample event in the cold-start benchmark. */
export const preTokenEvent = (): PreTokenGenerationV2TriggerEvent =>
  ({
    version: '2',
    triggerSource: 'TokenGeneration_Authentication',
    region: 'us-east-1',
    userPoolId: 'us-east-1_Example01',
    userName: 'customer-2',
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'example-client-id' },
    request: {
      userAttributes: {
        sub: '00000000-0000-4000-8000-000000000002',
        email: 'customer-2@example.com',
        email_verified: 'true',
        'custom:user_id': '2',
      },
      groupConfiguration: { groupsToOverride: [], iamRolesToOverride: [] },
      scopes: ['aws.cognito.signin.user.admin'],
    },
    response: { claimsAndScopeOverrideDetails: null },
  }) as unknown as PreTokenGenerationV2TriggerEvent;
