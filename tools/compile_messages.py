"""Compile the gettext catalogues (``src/arbitre/i18n/locale/*/LC_MESSAGES/*.po``) to ``.mo``.

Run after editing a ``.po`` file: ``.venv/bin/python tools/compile_messages.py``. The test
suite checks that every committed ``.mo`` equals its compiled ``.po``.
"""

from __future__ import annotations

import sys

from arbitre.i18n import LOCALE_DIR
from arbitre.i18n.po import compile_mo, parse


def main() -> int:
    for po in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        mo.write_bytes(compile_mo(parse(po.read_text("utf-8"))))
        print(f"{mo.relative_to(LOCALE_DIR.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
