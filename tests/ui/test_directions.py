"""Text that must read left to right inside an Arabic screen: a folder path keeps its leading "/" first.

In a right-to-left paragraph the bidirectional algorithm gives a path's leading
slash to the Arabic around it, drawing "/tmp/x" as "tmp/x/"; an isolate
(U+2066 ... U+2069) keeps the path one left-to-right run. Built without a page
on a real state and a real store in a temp folder.
"""

import flet as ft
import pytest

from scorekeeper.session.state import TableState
from scorekeeper.storage import Store
from scorekeeper.ui.shell import Shell
from scorekeeper.ui.views.settings import data_section

LRI, PDI = "\u2066", "\u2069"


@pytest.mark.parametrize(("device", "isolated"), [("ar-YE", True), ("en-US", False), ("nl-NL", False)])
def test_the_data_folder_reads_left_to_right_in_every_language(tmp_path, device, isolated):
    store = Store.open(tmp_path / "data")
    try:
        shell = Shell(None, store)  # no page: the section only reads the state
        shell.state = TableState(store, device)
        texts = [c.value for c in data_section(shell) if isinstance(c, ft.Text) and str(store.folder) in str(c.value)]
        assert len(texts) == 1, texts
        folder = str(store.folder)
        if isolated:
            assert f"{LRI}{folder}{PDI}" in texts[0], texts[0]
        else:  # a left-to-right screen needs no marks (they would ride along when the path is copied)
            assert LRI not in texts[0] and folder in texts[0], texts[0]
    finally:
        store.close()


@pytest.mark.parametrize("language", ["ar", "en", "nl"])
def test_the_command_line_option_in_a_sentence_never_breaks_across_lines(language):
    """ "--host 0.0.0.0" stays whole on one line: at 320 px Arabic broke it as "--" | "host 0.0.0.0"."""
    from scorekeeper.i18n import TABLES

    text = TABLES[language]["share.local_only"]
    assert isinstance(text, str)
    start = text.index("-")
    end = text.index("0.0.0.0") + len("0.0.0.0")
    command = text[start:end]
    # glued by a word joiner after each "-" and a no-break space: nothing a line may break at
    assert command.replace("\u2060", "").replace("\u00a0", " ") == "--host 0.0.0.0", repr(command)
    assert " " not in command and all(command[i + 1] == "\u2060" for i, c in enumerate(command) if c == "-"), repr(
        command
    )
