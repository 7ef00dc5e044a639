"""The desktop editor (PySide6): content tree, schema-driven forms, live preview, problems."""
