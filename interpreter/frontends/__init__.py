"""Reporters over the core: the command line, terminal play, the rules sheet, meld editing.
Nothing in the core imports them."""
