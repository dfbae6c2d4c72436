"""Schemathesis hooks for `npm run fuzz` (loaded through SCHEMATHESIS_HOOKS): what this API documents differently."""

import schemathesis
from schemathesis.specs.openapi import checks

# A paid endpoint asked without a key or a payment answers 402 with the x402 payment requirements (interface §5):
# that is how it refuses missing credentials, as 401/403 are for other APIs. ignored_auth accepts it as such.
checks.AUTH_REJECTION_STATUSES = frozenset({401, 402, 403})

# The 503s the service documents for what this deployment has not configured: no model provider, no sandbox,
# an upstream it cannot reach. Any other 503 (or any other 5xx) is a failure.
DOCUMENTED = {"model_unavailable", "tool_unavailable", "upstream_unavailable"}


@schemathesis.check
def only_documented_unavailability(ctx, response, case):
    """A 503 must be one of the documented ones for unconfigured providers or upstreams."""
    if response.status_code != 503:
        return None
    try:
        body = response.json()
    except Exception:
        raise AssertionError("503 without a JSON body")
    status = body.get("status") if isinstance(body, dict) else None
    # The OpenAI- and Anthropic-shaped routes carry it inside `error` (as `code`, or as `status` beside Anthropic's type).
    inner = body.get("error") if isinstance(body, dict) else None
    if status is None and isinstance(inner, dict):
        status = inner.get("status", inner.get("code"))
    if status not in DOCUMENTED:
        raise AssertionError(f"undocumented 503 (status {status!r}): {body}")
    return None
