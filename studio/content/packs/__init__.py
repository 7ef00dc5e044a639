"""What a pack is and how it travels: opening folders and zips (:mod:`.pack`), the names and files
they hold, archives, installing and the installed packs, packs shipped by pip, trust, versions, and
the files of a new pack.

Nothing is re-exported here: importing a module of this package imports only what that module needs
(a command that only scores reads pack folders without the zip reader or the content models).
"""
