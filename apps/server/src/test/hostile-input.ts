import fc from 'fast-check';

/**
 * Test-only: generators of hostile input for the property tests of every route. Mixes fast-check's
 * random strings and JSON with the classics an attacker tries first, so each run meets both.
 */

/** Payloads that broke other systems: injection, traversal, encodings, sizes, prototype keys. */
export const CLASSIC_PAYLOADS = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "'); delete from sessions; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '....//....//etc/passwd',
  '/etc/passwd',
  'file:///etc/passwd',
  'x\u0000.jpg',
  '\u202eexe.jpg',
  'Ω≈ç√∫˜µ≤≥÷ 🐛☕️ Ünïcødé',
  '__proto__',
  'constructor',
  '${7*7}{{7*7}}',
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  'NaN',
  'null',
  '',
  ' ',
  'a'.repeat(70_000),
] as const;

/** Field names the contract uses, so objects reach past "unknown field" into the real checks. */
const CONTRACT_FIELDS = [
  'assetId',
  'assetIds',
  'format',
  'query',
  'offset',
  'limit',
  'rootId',
  'username',
  'password',
  'passwordRepeat',
  'email',
  'user',
  'form',
  'lang',
  'status',
  'comment',
  'orderId',
  'fileId',
  'name',
  'parentId',
  'keywords',
  'description',
  'reason',
  'tou',
  'company',
  'firstname',
  'lastname',
  'phone',
  'contactPerson',
  'message',
  'userId',
  'jde',
  'isSuperUser',
  'active',
  'kind',
  'path',
  'decision',
  'mediaType',
  'data',
  'customField',
  'copyCheckbox',
  'subject',
  'text',
];

function hostileKey(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...CONTRACT_FIELDS, '__proto__', 'constructor'),
    fc.string({ maxLength: 12 }),
  );
}

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...CLASSIC_PAYLOADS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 80 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, 1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, 0.5),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, with hostile leaves. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey(), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A request body: raw garbage, a JSON value, or an object with the contract's field names. */
export const hostileBody: fc.Arbitrary<{ contentType: string; payload: string }> = fc.oneof(
  hostileValue.map((value) => ({
    contentType: 'application/json',
    payload: JSON.stringify(value) ?? 'null',
  })),
  fc
    .dictionary(fc.constantFrom(...CONTRACT_FIELDS), hostileValue, { maxKeys: 6 })
    .map((value) => ({ contentType: 'application/json', payload: JSON.stringify(value) })),
  hostileString.map((payload) => ({ contentType: 'application/json', payload })),
  fc
    .tuple(
      fc.constantFrom(
        'text/plain',
        'application/xml',
        'multipart/form-data; boundary=x',
        'application/x-www-form-urlencoded',
        'application/json; charset=utf-16',
      ),
      hostileString,
    )
    .map(([contentType, payload]) => ({ contentType, payload })),
);

/** A query string with the contract's names and hostile values. */
export const hostileQuery: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(fc.constantFrom(...CONTRACT_FIELDS, 'exp', 'sig', 'u', 'state', 'from', 'to'), hostileString),
    {
      maxLength: 4,
    },
  )
  .map((pairs) => new URLSearchParams(pairs).toString());

/** Headers a client controls; the bearer header is set by the test. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      'accept-language': hostileString,
      range: fc.oneof(
        fc.constantFrom('bytes=0-', 'bytes=-1', 'bytes=999999999999-', 'bytes=5-1', 'bytes=0-1,2-3'),
        hostileString,
      ),
      'if-range': hostileString,
      'x-forwarded-for': hostileString,
      cookie: hostileString,
    },
    { requiredKeys: [] },
  )
  .map((headers) =>
    // Header values cannot carry control characters or non-Latin-1 at the HTTP layer itself.
    Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [
        name,
        value.replace(/[^\x20-\x7e]/g, '?').slice(0, 4000),
      ]),
    ),
  );
