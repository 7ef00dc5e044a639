"""What the command line and the editor both do, as functions that return values.

Loading with packs and trust, validating, running scenarios, building,
installing, removing and listing packs, and simulating each live here once
(see docs/workspace.md, "The service layer"). The ``studio`` commands print what
they return; the editor's Pack menu and Balance panel run them in a worker
and show it. This package imports nothing until a submodule is asked for.
"""
