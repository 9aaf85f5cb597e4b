import { Validations } from 'aws-cdk-lib';
import {
  ContentHandling,
  type IResource,
  MockIntegration,
  PassthroughBehavior,
} from 'aws-cdk-lib/aws-apigateway';
import { errorBody, GATEWAY_ANSWER_PARAMETERS, NOT_FOUND_BODY } from './gateway-responses';

const METHOD_NOT_ALLOWED_REASON =
  'This ANY method only answers 405 Method Not Allowed from a mock integration: it reaches no ' +
  'function and returns no data, so there is nothing to authorize.';

const METHOD_NOT_ALLOWED_BODY = errorBody(
  'method_not_allowed',
  'This method is not allowed on this resource.',
);

/** The mock's answers carry the headers of every gateway answer (JSON, no-store). */
const answerHeaders = Object.fromEntries(
  Object.entries(GATEWAY_ANSWER_PARAMETERS).map(([name, value]) => [`method.response.header.${name}`, value]),
);
const declaredHeaders = Object.fromEntries(Object.keys(answerHeaders).map((name) => [name, true]));

/**
 * The mock's request template: it decides the status. 405 on a plain resource; on one with
 * pinned variables (a `@me` segment, see gateway-paths.ts) 405 only when each holds its literal,
 * else 404 like any unknown path.
 */
function mockStatusTemplate(pinned: Readonly<Record<string, string>>): string {
  const conditions = Object.entries(pinned).map(
    ([name, literal]) => `$input.params().path.get('${name}') == '${literal}'`,
  );
  if (conditions.length === 0) return '{"statusCode": 405}';
  return `#if(${conditions.join(' && ')})\n{"statusCode": 405}\n#else\n{"statusCode": 404}\n#end`;
}

/**
 * docs/decisions/http-requests.md D1: a wrong method on a known path is a 405 with `Allow`. API Gateway picks a resource's
 * explicit methods first and falls back to ANY, so ANY answers everything else from a mock.
 */
export function addMethodNotAllowed(
  resource: IResource,
  methods: readonly string[],
  pinned: Readonly<Record<string, string>> = {},
): void {
  const allow = [...new Set(methods)].sort().join(', ');
  const isPinned = Object.keys(pinned).length > 0;
  const method = resource.addMethod(
    'ANY',
    new MockIntegration({
      // The API's binary media types are `*/*`: without this, a request body would reach the
      // mock as binary and its template (which decides the status) would not be applied.
      contentHandling: ContentHandling.CONVERT_TO_TEXT,
      // The mock reads its status from the request template. The default integration response
      // (no selection pattern) maps whatever it returns to 405; a pinned resource also maps 404.
      requestTemplates: { 'application/json': mockStatusTemplate(pinned) },
      passthroughBehavior: PassthroughBehavior.WHEN_NO_MATCH,
      integrationResponses: [
        {
          statusCode: '405',
          responseParameters: { 'method.response.header.Allow': `'${allow}'`, ...answerHeaders },
          responseTemplates: { 'application/json': METHOD_NOT_ALLOWED_BODY },
        },
        ...(isPinned
          ? [
              {
                selectionPattern: '404',
                statusCode: '404',
                responseParameters: answerHeaders,
                responseTemplates: { 'application/json': NOT_FOUND_BODY },
              },
            ]
          : []),
      ],
    }),
    {
      methodResponses: [
        {
          statusCode: '405',
          responseParameters: { 'method.response.header.Allow': true, ...declaredHeaders },
        },
        ...(isPinned ? [{ statusCode: '404', responseParameters: declaredHeaders }] : []),
      ],
    },
  );
  Validations.of(method).acknowledge(
    { id: 'AwsSolutions-APIG4', reason: METHOD_NOT_ALLOWED_REASON },
    { id: 'AwsSolutions-COG4', reason: METHOD_NOT_ALLOWED_REASON },
  );
}
