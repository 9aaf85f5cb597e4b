import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { firstSignInRecord } from '#functions/identity/domain/first-sign-in';
import { handler } from '#functions/identity/handlers/pre-token-generation';

const dynamo = mockClient(DynamoDBDocumentClient);

const signIn = (triggerSource: string, attributes: Record<string, string>) =>
  ({
    version: '2',
    triggerSource,
    userName: 'nina',
    request: { userAttributes: { sub: 'a-uuid', ...attributes }, groupConfiguration: {}, scopes: [] },
    response: { claimsAndScopeOverrideDetails: null },
  }) as unknown as PreTokenGenerationV2TriggerEvent;

const attributes = {
  'custom:user_id': '5002',
  email: 'nina@example.com',
  given_name: 'Nina',
  family_name: 'Keller',
};

beforeEach(() => {
  dynamo.reset();
  dynamo.on(PutCommand).resolves({});
});

describe('the user record of a first Cognito sign-in', () => {
  it('comes from the pool’s attributes, with an empty address', () => {
    expect(firstSignInRecord('nina', attributes)).toEqual({
      id: 5002,
      username: 'nina',
      firstName: 'Nina',
      lastName: 'Keller',
      email: 'nina@example.com',
      phone: { home: '', mobile: '' },
      address: { street: '', zipCode: '', city: '' },
    });
    expect(firstSignInRecord('x', { 'custom:user_id': '0' })).toBeUndefined();
    expect(firstSignInRecord('x', {})).toBeUndefined();
  });

  it.each(['TokenGeneration_Authentication', 'TokenGeneration_NewPasswordChallenge'])(
    'is written at sign-in (%s) unless a record exists, and the token still gets its user id',
    async (source) => {
      const result = await handler(signIn(source, attributes));
      expect(dynamo.commandCalls(PutCommand)[0]!.args[0].input).toEqual({
        TableName: 'commerce-test',
        Item: { pk: 'USER#5002', sk: 'USER', ...firstSignInRecord('nina', attributes) },
        ConditionExpression: 'attribute_not_exists(pk)',
      });
      expect(
        result.response.claimsAndScopeOverrideDetails?.accessTokenGeneration?.claimsToAddOrOverride,
      ).toEqual({ user_id: '5002' });
    },
  );

  it('is not written again on a token refresh, nor for a user without an id', async () => {
    await handler(signIn('TokenGeneration_RefreshTokens', attributes));
    await handler(signIn('TokenGeneration_Authentication', { email: 'x@example.com' }));
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('keeps an existing record, and a failing table does not fail the sign-in', async () => {
    dynamo
      .on(PutCommand)
      .rejectsOnce(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    await expect(handler(signIn('TokenGeneration_Authentication', attributes))).resolves.toBeDefined();
    dynamo.on(PutCommand).rejects(new Error('throttled'));
    const result = await handler(signIn('TokenGeneration_Authentication', attributes));
    expect(
      result.response.claimsAndScopeOverrideDetails?.accessTokenGeneration?.claimsToAddOrOverride,
    ).toEqual({
      user_id: '5002',
    });
  });
});
