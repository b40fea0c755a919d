/**
 * Turns Ajv's validation errors into one readable reason naming the field, e.g.
 * "username: must be a valid email address" instead of `body/username must match pattern "^[^\s@]+…"`.
 *
 * Union bodies (login, register) make Ajv report the errors of every branch. We keep the branch the
 * client meant: the one whose `method` did not mismatch, and report its first error. Routes may map
 * fields to product messages (`fieldMessages`, in priority order), so a register without accepted
 * terms answers SPEC §5's "To register you are required to accept our terms and conditions!".
 */
export interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Field name → reason, in priority order (the first field with an error wins). */
export type FieldMessages = Record<string, string>;

const DISCRIMINATOR = 'method';
const EMAIL_FIELDS = new Set(['username', 'email']);

export function fieldOf(error: AjvError): string {
  const path = error.instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  const child =
    error.keyword === 'required'
      ? error.params.missingProperty
      : error.keyword === 'additionalProperties'
        ? error.params.additionalProperty
        : undefined;
  if (typeof child === 'string') return path ? `${path}.${child}` : child;
  return path;
}

function describe(error: AjvError, field: string): string {
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not allowed here';
    case 'pattern':
      return EMAIL_FIELDS.has(field.split('.').at(-1) ?? '')
        ? 'must be a valid email address'
        : 'has an invalid format';
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${String(p.limit)} characters long`;
    case 'maxLength':
      return `must be at most ${String(p.limit)} characters long`;
    case 'type':
      return `must be ${String(p.type).replace(/,/g, ' or ')}`;
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'format':
      return `must be a valid ${String(p.format)}`;
    case 'maximum':
      return `must be at most ${String(p.limit)}`;
    case 'minimum':
      return `must be at least ${String(p.limit)}`;
    default:
      return error.message ?? 'is invalid';
  }
}

function branchOf(error: AjvError): number | null {
  const match = /^#\/anyOf\/(\d+)\//.exec(error.schemaPath);
  return match ? Number(match[1]) : null;
}

function isDiscriminatorError(error: AjvError): boolean {
  return fieldOf(error) === DISCRIMINATOR && error.keyword !== 'type';
}

/** Keeps only the errors of the union branch the client meant, if the body is a union. */
function relevantErrors(errors: AjvError[]): AjvError[] {
  const branched = errors.filter((error) => branchOf(error) !== null);
  if (branched.length === 0) return errors.filter((error) => error.keyword !== 'anyOf');
  const branches = new Map<number, AjvError[]>();
  for (const error of branched) {
    const branch = branchOf(error) ?? 0;
    branches.set(branch, [...(branches.get(branch) ?? []), error]);
  }
  const meant = [...branches.values()].filter((list) => !list.some(isDiscriminatorError));
  if (meant.length > 0) return meant.sort((a, b) => a.length - b.length)[0] ?? [];
  // No branch accepted the method itself: the method is what is wrong.
  const allowed = branched
    .filter((error) => fieldOf(error) === DISCRIMINATOR && error.keyword === 'const')
    .map((error) => error.params.allowedValue);
  return [
    {
      instancePath: `/${DISCRIMINATOR}`,
      schemaPath: '#/anyOf',
      keyword: 'enum',
      params: { allowedValues: [...new Set(allowed)] },
    },
  ];
}

export function validationReason(
  errors: AjvError[],
  context: string | undefined,
  fieldMessages: FieldMessages = {},
): string {
  const relevant = relevantErrors(errors);
  for (const [field, reason] of Object.entries(fieldMessages)) {
    if (relevant.some((error) => fieldOf(error) === field)) return reason;
  }
  // Nested unions (e.g. `avatar: string | null`) add an anyOf error after the useful ones.
  const first = relevant.find((error) => error.keyword !== 'anyOf') ?? relevant[0] ?? errors[0];
  if (!first) return 'The request is invalid.';
  const field = fieldOf(first);
  return `${field || context || 'request'}: ${describe(first, field)}`;
}
