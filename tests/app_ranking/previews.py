"""Confirming the preview that a change of the published figures leads to (issue 33)."""

from __future__ import annotations

import re
from typing import Any

from django.test import Client

PENDING = re.compile(r"/federation/apercu/\d+/$")


def pending_url(response: Any) -> str | None:
    """The preview a response led to (redirected, or followed there), else None."""
    if response.status_code == 302 and PENDING.search(response["Location"]):
        return str(response["Location"])
    chain = getattr(response, "redirect_chain", None)
    if chain and PENDING.search(chain[-1][0]):
        return str(chain[-1][0])
    return None


def confirmed(client: Client, response: Any) -> Any:
    """Confirm the preview ``response`` led to and follow on; a response that led to no
    preview (a refusal: nothing staged) is returned as it is."""
    url = pending_url(response)
    if url is None:
        return response
    page = client.get(url).content.decode()
    digest = re.search(r'name="digest" value="([0-9a-f]+)"', page)
    assert digest, page
    return client.post(url, {"action": "confirm", "digest": digest.group(1)}, follow=True)
