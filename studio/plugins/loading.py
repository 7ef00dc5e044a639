"""Loading packs with their code: the layer above content that decides what code runs.

Content never runs code. This module runs the plugins of the packs the caller
trusts (and the pip-installed entry points), reads the ids that untrusted
plugins declare without running them, and hands both to
:func:`studio.content.registry.assemble`, which merges and checks the entries.
"""

from __future__ import annotations

from collections.abc import Sequence

from studio.content.code import Code
from studio.content.extensions import reset as reset_vocabulary
from studio.content.packs.pack import Pack, base_pack
from studio.content.registry import Content, Trusted, assemble, builtin_only
from studio.plugins.code_loading import load_installed, load_pack_code


def load_code(packs: Sequence[Pack], trusted: Trusted = builtin_only) -> Code:
    """Run the trusted packs' plugins and the entry points; read the untrusted ones' ids.

    The vocabulary starts from the built-in kinds: only the plugins run here may add to it.
    """
    reset_vocabulary()
    code = Code()
    load_installed(code)
    for pack in packs:
        load_pack_code(code, pack, trusted(pack))
    return code


def load_packs(
    packs: Sequence[Pack], trusted: Trusted = builtin_only, requested: Sequence[Pack] | None = None
) -> Content:
    """Load packs (already in load order): the code the caller trusts, then entries, then cross-checks;
    ``requested``: the packs asked for by name (the rest came in as dependencies; default: none did)."""
    return assemble(packs, load_code(packs, trusted), requested)


def load_base() -> Content:
    """Load the base game alone, with its own code."""
    return load_packs([base_pack()])
