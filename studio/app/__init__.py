"""The desktop editor (PySide6, the only package that imports Qt): content tree, schema-driven
forms, live preview, problems, balance."""
