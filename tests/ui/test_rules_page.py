"""The rules page names every refusal of the line of play, with its example, in the user's language."""

from __future__ import annotations

import pytest

from scorekeeper.core.limits import LIMITS
from scorekeeper.session.state import TableState
from scorekeeper.ui.shell import Shell
from scorekeeper.ui.views import rules
from tests.ui.controls import texts

EXAMPLES = {
    "en": ["The line of play", "3-3 / 4-0 / 4-3 / 0-0", "69, 2, 48, 2", "59 and 59", "126 − 6 × n", "114 − 6 × n",
           f"at most {LIMITS['opponents']}", f"at most {LIMITS['after_domino']}",
           "never refused because of a later one"],
    "nl": ["De rij op tafel", "3-3 / 4-0 / 4-3 / 0-0", "69, 2, 48, 2", "59 en 59", "126 − 6 × n",
           f"hoogstens {LIMITS['opponents']}", "nooit geweigerd vanwege een latere"],
    "ar": ["صف اللعب", "3-3 / 4-0 / 4-3 / 0-0", "59", "− 6 × n", "لا يُرفض أبدًا بسبب جولة لاحقة"],
}  # fmt: skip


@pytest.mark.parametrize("language", sorted(EXAMPLES))
def test_the_rules_page_shows_the_line_of_play_with_its_examples(store, language):
    shell = Shell(None, store)  # no page: building the view only reads the state
    shell.state = TableState(store, language)
    page = rules.view(shell, "/rules")
    shown = "\n".join(line for control in page.controls for line in texts(control))
    for example in EXAMPLES[language]:
        assert example in shown, (language, example)
