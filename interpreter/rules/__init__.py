"""Rules that are not turn steps, one module each (the turn steps are :mod:`interpreter.steps`):
a frozen class holding the rule's options as named fields, built from its section of the
spec, with its hooks (what the engine asks of it, and when) and its sentence for the rules
sheet."""
