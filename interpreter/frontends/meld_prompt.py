"""Step-by-step table editing at the terminal prompt (manipulation games), over TableEdit.

    new 7h 8h Jk(9h)   a new meld from hand cards     add 2 Th       hand cards onto meld 2
    move 1 5c 3        a table card from meld 1 to 3  joker 2 9h     your 9h replaces meld 2's joker
    place 0 Jh         the freed joker onto meld 0    show | reset | done (play the draft)
"""
from __future__ import annotations

from ..engine import Action, State
from ..errors import IllegalAction
from .meld_edit import TableEdit

COMMANDS = ("new", "add", "move", "joker", "place", "show", "reset", "done")
HELP = __doc__.split("\n\n", 1)[1].rstrip()


class Drafts:
    """The person's draft of the new table during one turn."""

    def __init__(self):
        self.edit: TableEdit | None = None

    def handle(self, state: State, text: str) -> Action | None:
        """Apply one command to the draft; the meld Action on ``done``, else None.

        IllegalAction when the command cannot apply (the draft is then unchanged)."""
        words = text.split()
        command, args = words[0].lower(), words[1:]
        if self.edit is None or command == "reset":
            self.edit = TableEdit(state)
        edit = self.edit
        try:
            if command == "new":
                edit.new_meld(args)
            elif command == "add":
                edit.add(int(args[0]), args[1:])
            elif command == "move":
                edit.move(int(args[0]), args[1], int(args[2]))
            elif command == "joker":
                edit.replace_joker(int(args[0]), args[1])
            elif command == "place":
                edit.place_joker(int(args[0]), args[1])
            elif command == "done":
                action = edit.action()
                self.edit = None
                return action
        except (IndexError, ValueError):
            self.edit = None
            raise IllegalAction(f"cannot read {text!r}; table commands:\n{HELP}") from None
        print(describe(edit))
        return None


def describe(edit: TableEdit) -> str:
    """The draft's melds, any freed joker still to place, and whether it is legal yet."""
    melds = "  ".join(f"{k}:[{' '.join(m)}]" for k, m in enumerate(edit.melds))
    problem = edit.problem()
    loose = f"  freed joker to place: {len(edit.loose)}" if edit.loose else ""
    return (f"draft: {melds or '(empty)'}{loose}\n"
            f"  {'legal: type done to play it' if problem is None else 'not yet: ' + problem}")
