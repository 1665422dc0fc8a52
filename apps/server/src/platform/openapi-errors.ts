/**
 * The error answer in the OpenAPI document: every route that declares its answers also
 * declares the error envelope (`default`), with the `error_code` clients translate by.
 */
const ERROR_ENVELOPE = {
  description:
    'An error answer: the envelope with the spec message and its machine code (docs/api-identity.md, Error codes).',
  type: 'object',
  required: ['code', 'message', 'data', 'error_code'],
  properties: {
    code: { type: 'integer', description: 'The HTTP status.' },
    message: { type: 'string', description: 'The English message to show.' },
    data: { nullable: true, description: 'Usually null; some refusals carry details.' },
    error_code: {
      type: 'string',
      description:
        "A stable machine code: '<table>.<key>' of the shared message (app.passwordRequired, funds.amountRequired), else the kind by status (bad_request, not_found, unavailable…).",
    },
  },
} as const;

type TTransformed = { schema: unknown; url: string };

/** Adds the error answer to a route's documented responses (the route itself is unchanged). */
export function withErrorAnswer<T extends TTransformed>(transformed: T): T {
  const schema = transformed.schema as { response?: Record<string, unknown> } | undefined;
  if (!schema?.response || 'default' in schema.response) return transformed;
  return {
    ...transformed,
    schema: { ...schema, response: { ...schema.response, default: ERROR_ENVELOPE } },
  };
}
