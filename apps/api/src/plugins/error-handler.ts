import type { Language } from '@storefront/contracts/constants';
import {
  AppError,
  ERRORS,
  type ErrorCode,
  FIELD_MESSAGES,
  type FieldErrors,
} from '@storefront/contracts/errors';
import { VALIDATION_MESSAGES } from '@storefront/contracts/validators';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '../lib/language.ts';

/** DRF-style error bodies (architecture §3): `{detail}` or `{field: [message], non_field_errors: [...]}`. */
export const errorBodySchema = z
  .looseObject({ detail: z.string().optional(), non_field_errors: z.array(z.string()).optional() })
  .describe(
    'An error: {detail} for 401, 403, 404 and 429; {field: [message], non_field_errors} for 400 and 500',
  );

export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
  500: errorBodySchema,
};

/** Fastify's own client errors, by code, mapped to ours. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_BODY',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_BAD_URL: 'NOT_FOUND',
  FST_ERR_MAX_PARAM_LENGTH: 'NOT_FOUND',
  FST_ERR_ASYNC_CONSTRAINT: 'NOT_FOUND',
};

export function errorBody(error: AppError, language: Language): Record<string, unknown> {
  const message = ERRORS[error.code][language];
  // 400 and 500 carry their messages in a list (architecture §3); 401, 403, 404, 429 carry a detail.
  if (error.status === 400 || error.status === 406 || error.status >= 500) {
    const fields = error.fields ?? { non_field_errors: [message] };
    return { ...error.data, ...fields };
  }
  return { ...error.data, detail: message };
}

/** The parts of a zod issue the mapping reads. */
export interface FieldIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  input?: unknown;
  keys?: string[];
  origin?: string;
  minimum?: unknown;
  /** What an invalid_type issue expected: `number`, `int`, `string`, … */
  expected?: string;
}

const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized|Expected)/;

function issueMessage(issue: FieldIssue, language: Language): string {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return FIELD_MESSAGES.required[language];
    // A value of the wrong type is not a missing one: say what was expected (spec §5 "numeric").
    if (issue.expected === 'int' && typeof issue.input === 'number') return FIELD_MESSAGES.integer[language];
    if (issue.expected === 'number' || issue.expected === 'int') return VALIDATION_MESSAGES.numeric[language];
  }
  if (issue.code === 'too_big') return FIELD_MESSAGES.tooBig[language];
  // A text under a minimum of 1 is an empty one: a missing value, in the spec's "Este campo es requerido".
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1)
    return FIELD_MESSAGES.required[language];
  if (issue.code === 'too_small') return FIELD_MESSAGES.tooSmall[language];
  return FIELD_MESSAGES.invalid[language];
}

/** Zod issues become `{field: [message]}`; unknown keys are named one by one. */
export function fieldErrorsFromIssues(issues: readonly FieldIssue[], language: Language): FieldErrors {
  // A Map, because a field may be called `toString` or `__proto__` (found by the fuzzing proof).
  const fields = new Map<string, string[]>();
  const add = (field: string, message: string) => {
    // A body key such as `__proto__` cannot survive serialisation as a key: name it in the message.
    const unsafe = field in Object.prototype;
    const key = unsafe ? 'non_field_errors' : field;
    if (unsafe) message = `${field}: ${message}`;
    const messages = fields.get(key) ?? [];
    if (!messages.includes(message)) messages.push(message);
    fields.set(key, messages);
  };
  for (const issue of issues) {
    const prefix = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys ?? [])
        add(prefix ? `${prefix}.${key}` : key, FIELD_MESSAGES.unknownField[language]);
      continue;
    }
    // A message set on the schema (the spec's own copy) wins over the generic one.
    const custom = issue.message && !ZOD_DEFAULT_MESSAGE.test(issue.message);
    add(prefix || 'non_field_errors', custom ? issue.message : issueMessage(issue, language));
  }
  return Object.fromEntries(fields);
}

/**
 * PostgreSQL's refusals of a value itself (a NUL byte in text, a malformed uuid, a number or a date out
 * of range, a malformed date): the request was bad, not the server. Drizzle wraps the driver's error
 * in `cause`.
 */
const BAD_VALUE_SQLSTATES = new Set(['22021', '22P05', '22P02', '22003', '22007', '22008']);

function isBadValueError(error: unknown): boolean {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: unknown };
  return (
    (typeof code === 'string' && BAD_VALUE_SQLSTATES.has(code)) ||
    (cause !== undefined && isBadValueError(cause))
  );
}

/** The value a validation issue is about, read from the part of the request that was validated. */
function inputAt(request: FastifyRequest | undefined, context: string | undefined, path: string[]): unknown {
  const parts: Record<string, unknown> = request
    ? { body: request.body, querystring: request.query, params: request.params, headers: request.headers }
    : {};
  let value = context ? parts[context] : undefined;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function toAppError(error: FastifyError, language: Language, request?: FastifyRequest): AppError | null {
  if (error instanceof AppError) return error;
  if (isBadValueError(error)) return new AppError('VALIDATION');
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => {
      const path = v.instancePath.split('/').filter(Boolean);
      return {
        ...(v.params as Omit<FieldIssue, 'code' | 'path' | 'message'>),
        code: v.keyword,
        path,
        message: v.message ?? '',
        input: inputAt(request, error.validationContext, path),
      };
    });
    return new AppError('VALIDATION', fieldErrorsFromIssues(issues, language));
  }
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) return new AppError(mapped);
  if (error.statusCode === 429) return new AppError('RATE_LIMITED');
  if (error.statusCode === 405) return new AppError('METHOD_NOT_ALLOWED');
  if (error.statusCode === 404) return new AppError('NOT_FOUND');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return new AppError('VALIDATION');
  return null;
}

/**
 * The router's own refusals (a malformed URL, an id longer than maxParamLength) come before any hook:
 * Fastify's `frameworkErrors` option sends them here so that they too have the error shape.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const language = languageOf(request.headers['accept-language']);
  const appError = toAppError(error, language) ?? new AppError('NOT_FOUND');
  return reply.status(appError.status).send(errorBody(appError, language));
}

/** One mapping from errors to answers; anything unexpected is logged and answered without details. */
export const errorHandlerPlugin = fp(async function errorHandler(fastify: FastifyInstance) {
  fastify.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error, request.language, request);
    if (appError) {
      if (appError.status === 401) reply.header('WWW-Authenticate', 'Token');
      return reply.status(appError.status).send(errorBody(appError, request.language));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(errorBody(new AppError('UNEXPECTED'), request.language));
  });
});
