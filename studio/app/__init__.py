"""The desktop editor (Qt): the only package that imports Qt."""
