"""Reading and writing files: content documents (YAML and JSON, with the line of every node), the
bounds checked while reading them, text made safe to show, atomic writes, regular files, the user's
folders and the caches kept in them.
"""
