"""``python -m interpreter``: the ``rummy`` command."""
from .frontends.cli import main

raise SystemExit(main())
