"""Schemathesis hooks for `npm run fuzz` (loaded through SCHEMATHESIS_HOOKS): what this API documents differently."""

import schemathesis
from schemathesis.specs.openapi import checks

# A paid endpoint asked without a key or a payment answers 402 with the x402 payment requirements (interface §5):
# that is how it refuses missing credentials, as 401/403 are for other APIs. ignored_auth accepts it as such.
checks.AUTH_REJECTION_STATUSES = frozenset({401, 402, 403})

# The 5xx the service documents for what is not its own fault (api/errors/errorCodes.ts), by status: a deployment
# that has not configured something (no model provider, no upstream key), an upstream that failed, and a server a
# call had to reach that could not be reached (the fuzz run has no internet: every public host is unreachable).
# Any other 5xx (a 500 above all) is a failure.
DOCUMENTED = {
    502: {"bad_gateway"},
    # overloaded: the replica's admission refused the call; deadline_exceeded: the X-Request-Timeout sent had passed
    # before the tool could start (a fuzzed timeout of a millisecond does).
    503: {"not_configured", "upstream_unavailable", "overloaded", "deadline_exceeded"},
    504: {"upstream_timeout"},
}


def _code(body):
    """The service's `code`: at the top of its own error shape, inside `error` on the OpenAI- and Anthropic-shaped routes."""
    if not isinstance(body, dict):
        return None
    if isinstance(body.get("code"), str):
        return body["code"]
    inner = body.get("error")
    if isinstance(inner, dict) and isinstance(inner.get("code"), str):
        return inner["code"]
    return None


@schemathesis.check
def only_documented_unavailability(ctx, response, case):
    """A 502, 503 or 504 must carry one of the codes documented for it."""
    expected = DOCUMENTED.get(response.status_code)
    if expected is None:
        return None
    try:
        body = response.json()
    except Exception:
        raise AssertionError(f"{response.status_code} without a JSON body")
    code = _code(body)
    if code not in expected:
        raise AssertionError(f"undocumented {response.status_code} (code {code!r}): {body}")
    return None
