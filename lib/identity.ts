import { Duration, Fn, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  ClientAttributes,
  FeaturePlan,
  LambdaVersion,
  Mfa,
  NumberAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolGroup,
  UserPoolOperation,
} from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { ADMIN_GROUP } from '#functions/contracts/auth-settings';
import { AUTH_ENV } from '#functions/contracts/environment';
import { identityFunctions } from '#functions/function-registry';
import { ApiFunction } from './api-function';
import { functionEntry } from './project-paths';
import { routeFunctionName, stageName } from './resource-names';
import type { StageSettings } from './stage';

/** The custom attribute (`custom:user_id`) holding the spec's integer user id, and the claim it becomes. */
export const USER_ID_ATTRIBUTE = 'user_id';
export const COGNITO_USER_ID_CLAIM = 'user_id';
export const COGNITO_GROUPS_CLAIM = 'cognito:groups';

export interface IdentityProps {
  /** Its `externalIssuer`, when set, is trusted instead of a user pool of the stack's own. */
  readonly settings: StageSettings;
  /** Where the pool's trigger writes the user record of a first sign-in (docs/identity.md). */
  readonly table?: ITable;
}

/**
 * Who issues the bearer tokens the API accepts (docs/decisions/tokens-and-rights.md D2), and the authorizer environment
 * that says so. By default a Cognito user pool per stage, with an app client, the `admin`
 * group and a pre token generation trigger that puts the integer user id in the access token;
 * with an external issuer, nothing but the settings.
 */
export class Identity extends Construct {
  readonly userPool?: UserPool;
  readonly userPoolClient?: UserPoolClient;
  readonly adminGroup?: UserPoolGroup;
  readonly preTokenGeneration?: ApiFunction;
  /** Issuer of accepted tokens: the pool's URL or the external issuer. */
  readonly issuer: string;
  /** Environment of the authorizer function (names from `AUTH_ENV`). */
  readonly authorizerEnvironment: Readonly<Record<string, string>>;

  constructor(scope: Construct, id: string, props: IdentityProps) {
    super(scope, id);
    const { settings } = props;
    const { externalIssuer } = settings;

    if (externalIssuer) {
      this.issuer = externalIssuer.issuer;
      this.authorizerEnvironment = {
        [AUTH_ENV.issuer]: externalIssuer.issuer,
        [AUTH_ENV.audience]: externalIssuer.audience,
        ...(externalIssuer.userIdClaim ? { [AUTH_ENV.userIdClaim]: externalIssuer.userIdClaim } : {}),
        ...(externalIssuer.groupsClaim ? { [AUTH_ENV.groupsClaim]: externalIssuer.groupsClaim } : {}),
        ...(externalIssuer.jwksUri ? { [AUTH_ENV.jwksUri]: externalIssuer.jwksUri } : {}),
      };
      return;
    }

    const userPool = new UserPool(this, 'UserPool', {
      userPoolName: stageName(settings.stage),
      // Essentials is the lowest plan whose pre token generation trigger (V2) can change the
      // access token, which is where the integer user id has to go.
      featurePlan: FeaturePlan.ESSENTIALS,
      // Users are created by an administrator (docs/identity.md), each with their integer id.
      selfSignUpEnabled: false,
      signInAliases: { username: true, email: true },
      signInCaseSensitive: false,
      standardAttributes: { email: { required: true, mutable: true } },
      // A changed e-mail becomes the sign-in alias only once verified.
      keepOriginal: { email: true },
      customAttributes: {
        // The spec's integer user id. Set by the administrator who creates the user and fixed
        // from then on: a login can never be moved onto another user's profile and orders.
        // Bounds as the authorizer reads the claim: 1 to 15 digits.
        [USER_ID_ATTRIBUTE]: new NumberAttribute({ min: 1, max: 999_999_999_999_999, mutable: false }),
      },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
        passwordHistorySize: 5,
      },
      // Optional TOTP (authenticator app): no SMS, so no SNS role, spend limit or phone numbers.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      deletionProtection: settings.isProtected,
      removalPolicy: settings.removalPolicy,
    });
    this.userPool = userPool;

    // A user-facing application (browser, mobile, CLI) cannot keep a secret, so the client has
    // none; SRP keeps the password off the wire, and refresh tokens renew the access token.
    // No hosted domain, so no OAuth flows either. ADMIN_USER_PASSWORD_AUTH is for `npm run
    // smoke`'s temporary user (docs/decisions/stages-and-deploys.md D74): only a caller with IAM credentials allowed
    // cognito-idp:AdminInitiateAuth on this pool can use it, so it opens nothing to the public.
    this.userPoolClient = userPool.addClient('AppClient', {
      userPoolClientName: stageName(settings.stage),
      generateSecret: false,
      authFlows: { userSrp: true, adminUserPassword: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      readAttributes: new ClientAttributes()
        .withStandardAttributes({ email: true, emailVerified: true })
        .withCustomAttributes(USER_ID_ATTRIBUTE),
      // The user may change their e-mail, never their user id.
      writeAttributes: new ClientAttributes().withStandardAttributes({ email: true }),
    });

    this.adminGroup = new UserPoolGroup(this, 'AdminGroup', {
      userPool,
      groupName: ADMIN_GROUP,
      description: 'Administrators: may read and change every user, profile, order, batch and report.',
      precedence: 0,
    });

    this.preTokenGeneration = new ApiFunction(this, 'PreTokenGeneration', {
      entry: functionEntry(identityFunctions.preTokenGeneration.handler),
      functionName: routeFunctionName(settings.stage, identityFunctions.preTokenGeneration.name),
      description:
        'Cognito pre token generation (V2): custom:user_id into the access token as user_id; the user record at a first sign-in',
      settings,
      memorySize: 256,
      // Cognito waits 5 seconds for a trigger, then fails the sign-in.
      timeout: Duration.seconds(5),
    });
    // The trigger creates a first sign-in's user record: PutItem on user items, nothing else.
    if (props.table)
      this.preTokenGeneration.bindTable(props.table, identityFunctions.preTokenGeneration.table);
    userPool.addTrigger(
      UserPoolOperation.PRE_TOKEN_GENERATION_CONFIG,
      this.preTokenGeneration,
      LambdaVersion.V2_0,
    );

    const stack = Stack.of(this);
    this.issuer = Fn.join('', [
      'https://cognito-idp.',
      stack.region,
      '.',
      stack.urlSuffix,
      '/',
      userPool.userPoolId,
    ]);
    this.authorizerEnvironment = {
      [AUTH_ENV.issuer]: this.issuer,
      [AUTH_ENV.cognitoUserPoolId]: userPool.userPoolId,
      [AUTH_ENV.audience]: this.userPoolClient.userPoolClientId,
      [AUTH_ENV.tokenUse]: 'access',
      [AUTH_ENV.userIdClaim]: COGNITO_USER_ID_CLAIM,
      [AUTH_ENV.groupsClaim]: COGNITO_GROUPS_CLAIM,
    };

    Validations.of(userPool).acknowledge(
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is optional (TOTP) rather than required: the pool signs in the customers of the API, and ' +
          'forcing every customer to enrol an authenticator app at first sign-in is a product decision not ' +
          'taken here. Administrators are told to enrol TOTP (docs/identity.md); passwords are 12+ ' +
          'characters of four classes with history, and self sign-up is off.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Feature plan Essentials, not Plus: Essentials is the plan that allows the access-token ' +
          'customization the integer user id needs; Plus adds threat protection (compromised credentials, ' +
          'adaptive authentication) at a higher price per monthly active user, a cost decision for the ' +
          'service owner (docs/identity.md). Meanwhile sign-in is guarded by the password policy, optional ' +
          'TOTP MFA and admin-only user creation.',
      },
    );
  }
}
