/**
 * The statuses schemathesis takes, by default, as accepting a request the document calls valid:
 * what a well-formed request may meet besides success (no session, not allowed, not found, a
 * conflict with what is stored, too many requests; a 5xx is the other check's to judge).
 */
const acceptingStatuses = ['2xx', '3xx', '401', '403', '404', '409', '429', '5xx']

/**
 * The one exception (docs/testing.md, "Fuzzing"): checking a one-time code answers 400 for a
 * wrong, expired or missing code, as the original clients read it. A code is a secret no
 * document can list, so a generated one is wrong; the fields' own rules are held by the calls
 * that send a code, which take the same fields.
 */
const codeChecks = [
  '[[operations]]',
  'include-operation-id-regex = "^verify(Phone|Email)Otp$"',
  `checks.positive_data_acceptance.expected-statuses = ${JSON.stringify([...acceptingStatuses, '400'])}`,
]

/**
 * The config file of one phase: the code checks' exception and, signed in, the auth section that
 * sends the session cookie for the document's `session` scheme (from PALABRE_FUZZ_SESSION).
 */
export const fuzzConfig = (signedIn: boolean): string =>
  [
    ...(signedIn ? ['[auth.openapi.session]', 'api_key = "${PALABRE_FUZZ_SESSION}"', ''] : []),
    ...codeChecks,
    '',
  ].join('\n')
