"""The turn step kinds, one module each: a frozen class holding the step's options as named
fields, the actions it allows, applying one, and its sentence for the rules sheet.

To add an option to a step kind: add it to the kind's definition in
``schema/variant.schema.json`` (with a description and default) and as a field of its class
here, use it in that class's ``actions``/``apply``/``sentence``, and add a test.
"""
from .base import After, Step
from .discard import Discard
from .draw import Draw
from .draw_until_meld import DrawUntilMeld
from .drop import Drop
from .knock import Knock
from .meld import Meld
from .offer_upcard import OfferUpcard
from .spread import Spread
from .turn_up import TurnUp

STEP_KINDS: dict[str, type[Step]] = {cls.kind: cls for cls in (
    OfferUpcard, Draw, DrawUntilMeld, Meld, Knock, Discard, Drop, TurnUp)}

__all__ = ["After", "STEP_KINDS", "Spread", "Step", "Discard", "Draw", "DrawUntilMeld", "Drop",
           "Knock", "Meld", "OfferUpcard", "TurnUp"]
