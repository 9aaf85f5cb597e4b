import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import * as v from 'valibot';
import { routeLiteralsHold } from '#functions/contracts/gateway-path-parts';
import type { Caller } from '../caller';
import { callerFromAuthorizer } from './caller-context';
import { invalidRequest, notFound, unauthorized } from './errors';
import { parseFields } from './fields';
import { parseWith, readQuery } from './query';
import { readJsonBody } from './read-json-body';
import { ownContext, type RouteContext } from './route-context';

export type ObjectSchema =
  | v.StrictObjectSchema<v.ObjectEntries, v.ErrorMessage<v.StrictObjectIssue> | undefined>
  | v.ObjectSchema<v.ObjectEntries, v.ErrorMessage<v.ObjectIssue> | undefined>;

/** What parse-request reads of a route's options (http-route.ts says what each means). */
export interface RequestSchemas {
  readonly auth?: boolean;
  readonly routePath?: string;
  readonly path?: ObjectSchema;
  readonly query?: ObjectSchema;
  readonly body?: v.GenericSchema;
  readonly fields?: readonly string[];
}

/**
 * Reads the request as the route's schemas say, in the order a client is answered: a pinned
 * `@me` literal and the path (404), the caller (401), `fields`, query and body (400, 415).
 * Expects http-header-normalizer's lower-case header names. What it reads goes to the handler
 * on the context.
 */
export const parseRequest = (
  schemas: RequestSchemas,
): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, RouteContext> => {
  const queryShape = schemas.query?.entries ?? {};
  // A body schema that accepts undefined (`v.optional(…)`) makes the body optional.
  const bodyOptional = schemas.body ? v.is(schemas.body, undefined) : false;
  return {
    before: (request) => {
      const { event } = request;
      const pathParameters = event.pathParameters ?? {};
      // `@me` reaches API Gateway as a path variable; any other value there names nothing.
      if (schemas.routePath && !routeLiteralsHold(schemas.routePath, event.resource, pathParameters)) {
        throw notFound();
      }
      let caller: Caller | undefined;
      if (schemas.auth) {
        caller = callerFromAuthorizer(event.requestContext?.authorizer);
        if (!caller) throw unauthorized();
      }
      let path: unknown;
      if (schemas.path) {
        const parsed = v.safeParse(schemas.path, pathParameters);
        if (!parsed.success) throw notFound();
        path = parsed.output;
      }
      const { fields: rawFields, ...rawQuery } = event.multiValueQueryStringParameters ?? {};
      if (rawFields && !schemas.fields)
        throw invalidRequest("The query parameter 'fields' is not supported.");
      if (rawFields && rawFields.length > 1)
        throw invalidRequest("The query parameter 'fields' must be given once.");
      const fields = schemas.fields ? parseFields(rawFields?.[0], schemas.fields) : undefined;
      const query = schemas.query
        ? parseWith(schemas.query, readQuery(rawQuery, queryShape), 'query')
        : undefined;
      if (!schemas.query && Object.keys(rawQuery).length > 0) readQuery(rawQuery, {});
      const body = schemas.body
        ? parseWith(schemas.body, readJsonBody(event, bodyOptional), 'body')
        : undefined;
      ownContext(request).route = { caller, path, query, body, fields };
    },
  };
};
